import type { AnchorHTMLAttributes } from 'react'

/**
 * A link into a page that records the visitor's voice (the wizard's details step, the checkout).
 * A plain <a>, not next/link: the browser keeps the Permissions-Policy a document was loaded with,
 * and only these pages' policy allows the microphone (src/http/security-headers.ts), so entering
 * one must load a new document.
 */
export function RecordingPageLink(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />
}
