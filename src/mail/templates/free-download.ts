import type { Locale } from '@/i18n/locales'
import { CATALOG_ITEM_KINDS, type CatalogItemKind } from '@/rules/catalog-sale'
import { FREE_DOWNLOAD_LINK_HOURS } from '@/rules/free-downloads'
import { FREE_DOWNLOAD_ROUTES } from '@/site/routes'
import { composeWithOneTimeLink } from '../account-parts'
import { freeDownloadToken } from '../free-download-tokens'
import { type MailBlock, shopLink } from '../layout'
import { MailNotNeeded, type MailTemplate } from '../template'

const TEXTS: Record<
  Locale,
  { subject: (title: string) => string; heading: string; body: (title: string) => string; button: string; account: string; notYou: string }
> = {
  de: {
    subject: (title) => `Dein kostenloser Download: ${title}`,
    heading: 'Dein Download',
    body: (title) => `Hier ist der Link zu „${title}“. Er gilt ${FREE_DOWNLOAD_LINK_HOURS} Stunden; auf der Seite wählst du das Format.`,
    button: 'Zu den Downloads',
    account: 'Mit einem Kundenkonto bleibt die Musik dauerhaft in „Meine Musik“ und du kannst sie jederzeit wieder laden.',
    notYou: 'Du hast das nicht angefordert? Dann ignoriere diese E-Mail einfach; wir schreiben dir deswegen nicht noch einmal.',
  },
  en: {
    subject: (title) => `Your free download: ${title}`,
    heading: 'Your download',
    body: (title) => `Here is the link to “${title}”. It works for ${FREE_DOWNLOAD_LINK_HOURS} hours; choose the format on the page.`,
    button: 'Go to the downloads',
    account: 'With a customer account the music stays in “My music” for good and you can download it again any time.',
    notYou: 'You did not ask for this? Then simply ignore this e-mail; we will not write to you about it again.',
  },
}

/**
 * A free download asked for by e-mail (src/free-downloads/): the link to the download buttons, made
 * now and signed (src/mail/free-download-tokens.ts), left out of the mail's record. Nothing is sent
 * when the album or track is gone or no longer published.
 */
export const freeDownload: MailTemplate = async (payload, { locale, data }) => {
  const kind = data.kind as CatalogItemKind
  const id = Number(data.id)
  if (!CATALOG_ITEM_KINDS.includes(kind) || !Number.isInteger(id)) throw new MailNotNeeded('The free download names no album or track.')
  const item = await payload.findByID({
    collection: kind === 'track' ? 'tracks' : 'music-groups',
    id,
    locale,
    depth: 0,
    disableErrors: true,
    overrideAccess: false,
  })
  if (!item) throw new MailNotNeeded('The album or track of this free download is no longer published.')
  const texts = TEXTS[locale]
  const link = shopLink(`${FREE_DOWNLOAD_ROUTES[locale]}?token=${freeDownloadToken({ kind, id }, payload.secret)}`)
  const blocks = (url: string): MailBlock[] => [
    { paragraph: texts.body(item.title) },
    { button: { label: texts.button, url } },
    { paragraph: texts.account },
    { paragraph: texts.notYou },
  ]
  return { subject: texts.subject(item.title), ...composeWithOneTimeLink({ locale, heading: texts.heading, blocks }, link) }
}
