import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The clients parse HTML and hold cookie jars: keep them and their dependencies out of the bundle.
  serverExternalPackages: ['cheerio', 'tough-cookie'],
};

export default config;
