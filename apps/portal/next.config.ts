import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The clients parse HTML and hold cookie jars: keep them and their dependencies out of the bundle.
  serverExternalPackages: ['cheerio', 'tough-cookie'],
  // An admin portal is never framed (clickjacking) and leaks no URLs to other sites.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Content-Security-Policy', value: "frame-ancestors 'none'" },
          { key: 'Referrer-Policy', value: 'same-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
        ],
      },
    ];
  },
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
