import { isEmbedPath } from '@/rules/embed'
import { publicOrigin } from '@/site/public-url'

/** The request header through which the proxy hands this request's CSP nonce to the page's renderer. */
export const NONCE_HEADER = 'x-nonce'

/**
 * Which page policy a response gets: the storefront's, Payload's admin panel's, or the embed
 * pages' (the player other sites frame). (API answers and uploaded files are no documents; their
 * fixed policy is in next.config.mjs.)
 */
export type ResponseArea = 'storefront' | 'admin' | 'embed'

export const responseArea = (pathname: string): ResponseArea => (/^\/admin(\/|$)/.test(pathname) ? 'admin' : isEmbedPath(pathname) ? 'embed' : 'storefront')

/** A fresh, unguessable nonce for one response (128 random bits). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
}

const DEVELOPMENT = process.env.NODE_ENV === 'development'

const servedOverHttps = () => publicOrigin().startsWith('https:')

/**
 * Content-Security-Policy. Scripts only with this response's nonce (Next puts it on its own
 * scripts when the request carries the policy; 'strict-dynamic' lets those load their chunks);
 * no 'unsafe-inline' for scripts anywhere. Styles: our CSS files and nonce'd <style>; style
 * attributes (React's style={...}, next/image) are allowed. The admin panel's select boxes
 * (react-select with emotion) insert <style> elements without a nonce, so /admin alone allows
 * inline styles. Images and audio from our origin, blob: (the recorder's preview, upload previews)
 * and data: (small inline images); fetches to our origin only; frames only YouTube's privacy-enhanced
 * player (the news page's click-to-load embed); no plugins, no <base> elsewhere, forms post to us,
 * nobody frames us. React's development build needs eval, `next dev` only.
 */
export function contentSecurityPolicy(area: ResponseArea, nonce: string): string {
  if (area === 'embed') return embedPolicy(nonce)
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${DEVELOPMENT ? " 'unsafe-eval'" : ''}`,
    area === 'admin' ? "style-src 'self' 'unsafe-inline'" : `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    area === 'admin' ? "frame-src 'none'" : 'frame-src https://www.youtube-nocookie.com',
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
  if (servedOverHttps()) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/**
 * The embed pages (/embed/…, /en/embed/…): the only pages any site may frame (frame-ancestors *;
 * next.config.mjs leaves out X-Frame-Options for them). Safe to frame because they set and read no
 * cookie and offer nothing that changes anything: no form, no login, no fetch (connect-src 'none'),
 * only a play button, a link in a new tab and our own audio. Their one style and one script carry
 * the nonce; nothing else may load but our own covers and audio.
 */
function embedPolicy(nonce: string): string {
  const directives = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "media-src 'self'",
    "connect-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    'frame-ancestors *',
  ]
  if (servedOverHttps()) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/**
 * The pages that record the visitor's voice: the wizard's details step
 * (/custom-songs/{package}/{type}) and the checkout. Links into them load a new document
 * (components/navigation/RecordingPageLink), because a document keeps the policy it was loaded with.
 */
export function isRecordingPage(pathname: string): boolean {
  return /^\/(custom-songs\/[^/]+\/[^/]+|checkout)\/?$/.test(pathname)
}

/** Powerful features: none, except the microphone for our own origin on the pages that record. */
export function permissionsPolicy(pathname: string): string {
  const microphone = isRecordingPage(pathname) ? 'microphone=(self)' : 'microphone=()'
  return `${microphone}, camera=(), geolocation=(), payment=(), usb=(), display-capture=()`
}

/**
 * HSTS, in production when the shop's public address is https (never on a plain-HTTP trial,
 * where it would lock browsers out of the host): two years, subdomains included.
 */
export function strictTransportSecurity(): string | null {
  return process.env.NODE_ENV === 'production' && servedOverHttps() ? 'max-age=63072000; includeSubDomains' : null
}
