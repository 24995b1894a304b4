import { headers } from 'next/headers'
import { NONCE_HEADER } from '@/http/security-headers'

/**
 * Structured data for search engines; "<" is escaped so content can never close the script tag.
 * A data block is not run, but it carries the page's nonce like every script element we emit.
 */
export async function JsonLd({ data }: { data: object }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
}
