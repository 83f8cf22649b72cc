import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The clients parse HTML and hold cookie jars: keep them and their dependencies out of the bundle.
  serverExternalPackages: ['cheerio', 'tough-cookie'],
  turbopack: {
    resolveAlias: {
      // The browser validates with the BackOffice client's own zod schemas, without the client itself
      // (node:crypto, cheerio). Until that package exports `./schemas`, use its built module directly
      // (tsconfig.json maps the same name to the source, for type checks).
      '@washops/backoffice-client/schemas': '../../libs/backoffice-client/dist/schemas.js',
    },
  },
};

export default config;
