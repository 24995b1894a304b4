import { escapeHtml } from '@/http/escape-html'
import type { Locale } from '@/i18n/locales'
import { publicOrigin } from '@/site/public-url'

/** One piece of a mail; the HTML and the plain-text part are made from the same blocks. */
export type MailBlock =
  | { paragraph: string }
  | { heading: string }
  | { facts: Array<[label: string, value: string]> }
  | { button: { label: string; url: string } }
  | { preformatted: string }
  | { image: { src: string; alt: string; width: number } }
  /** HTML made by Payload's escaping rich-text converter (legal texts), with its plain-text twin. */
  | { richText: { html: string; text: string } }

export type ComposedMail = { text: string; html: string }

const FOOTER: Record<Locale, string> = {
  de: 'Lina Sommer · Entspannungsmusik',
  en: 'Lina Sommer · Relaxation music',
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

function blockHtml(block: MailBlock): string {
  if ('paragraph' in block) return `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(block.paragraph).replace(/\n/g, '<br>')}</p>`
  if ('heading' in block) return `<h2 style="margin:28px 0 12px;font-size:18px;font-weight:600">${escapeHtml(block.heading)}</h2>`
  if ('facts' in block) {
    const rows = block.facts
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 12px 6px 0;color:#5b6470;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
          `<td style="padding:6px 0;vertical-align:top">${escapeHtml(value).replace(/\n/g, '<br>')}</td></tr>`,
      )
      .join('')
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;width:100%">${rows}</table>`
  }
  if ('button' in block) {
    return (
      `<p style="margin:24px 0"><a href="${escapeHtml(block.button.url)}" ` +
      `style="display:inline-block;background:#2f5d62;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">` +
      `${escapeHtml(block.button.label)}</a></p>`
    )
  }
  if ('preformatted' in block) {
    return `<pre style="margin:0 0 16px;padding:12px;background:#f3f5f4;border-radius:8px;white-space:pre-wrap;font-size:14px">${escapeHtml(block.preformatted)}</pre>`
  }
  if ('image' in block) {
    return `<p style="margin:0 0 16px"><img src="${escapeHtml(block.image.src)}" alt="${escapeHtml(block.image.alt)}" width="${block.image.width}" style="display:block;max-width:100%"></p>`
  }
  return `<div style="margin:0 0 16px;line-height:1.6;font-size:14px">${block.richText.html}</div>`
}

function blockText(block: MailBlock): string {
  if ('paragraph' in block) return block.paragraph
  if ('heading' in block) return `${block.heading}\n${'='.repeat(Math.min(block.heading.length, 72))}`
  if ('facts' in block) {
    const width = Math.max(...block.facts.map(([label]) => label.length))
    return block.facts.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value.replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`).join('\n')
  }
  if ('button' in block) return `${block.button.label}:\n${block.button.url}`
  if ('preformatted' in block) return block.preformatted
  if ('image' in block) return `[${block.image.alt}]`
  return block.richText.text
}

/**
 * The shop's one mail layout: a calm single column that reads well on a phone, in HTML and in
 * plain text. Every value is escaped; only the legal texts bring their own (converter-made) HTML.
 */
export function composeMail({ locale, heading, blocks }: { locale: Locale; heading: string; blocks: MailBlock[] }): ComposedMail {
  const origin = publicOrigin()
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f6f7f5;color:#1f2a2e;${FONT};font-size:16px">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px 16px">` +
    `<h1 style="margin:0 0 20px;font-size:22px;font-weight:600">${escapeHtml(heading)}</h1>` +
    blocks.map(blockHtml).join('') +
    `<hr style="border:none;border-top:1px solid #d8ddda;margin:32px 0 12px">` +
    `<p style="margin:0;color:#5b6470;font-size:13px">${escapeHtml(FOOTER[locale])} · <a href="${escapeHtml(origin)}" style="color:#5b6470">${escapeHtml(origin.replace(/^https?:\/\//, ''))}</a></p>` +
    `</div></body></html>`
  const text = [heading, '', ...blocks.flatMap((block) => [blockText(block), '']), '--', `${FOOTER[locale]} · ${origin}`].join('\n')
  return { text, html }
}

/** An absolute link into the shop (links in mails always use PUBLIC_URL). */
export const shopLink = (pathname: string) => new URL(pathname, publicOrigin()).toString()
