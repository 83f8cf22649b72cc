import type { NextConfig } from 'next';

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The clients parse HTML and hold cookie jars: keep them and their dependencies out of the bundle.
  // The store loads PGlite's WebAssembly from its package and its migrations from its own folder,
  // so it and its drivers are loaded from node_modules at run time, not bundled; so is the operations
  // library, whose entry re-exports the store's.
  serverExternalPackages: [
    'cheerio',
    'tough-cookie',
    '@washops/store',
    '@washops/operations',
    '@electric-sql/pglite',
    '@electric-sql/pglite-socket',
    'pg',
    'drizzle-orm',
  ],
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
};

export default config;
