import type { Payload } from 'payload'
import type { Setting } from '../../payload-types'
import { FOLLOWER_MAILS_PER_MINUTE } from '../../src/rules/followers'

/** ISO 13616: two check digits that make the whole IBAN leave 1 when divided by 97. */
function germanIban(bankCode: string, accountNumber: string): string {
  const bban = bankCode + accountNumber.padStart(10, '0')
  // Letters count as 10–35 (D = 13, E = 14); the country code and "00" move to the end.
  const remainder = BigInt(`${bban}131400`) % 97n
  const check = String(98n - remainder).padStart(2, '0')
  return `DE${check}${bban}`.replace(/(.{4})(?=.)/g, '$1 ')
}

/** The German VAT ID's last digit (ISO 7064, MOD 11,10) over its first eight. */
function germanVatId(firstEight: string): string {
  let product = 10
  for (const digit of firstEight) {
    const sum = (Number(digit) + product) % 10 || 10
    product = (2 * sum) % 11
  }
  const check = 11 - product
  return `DE${firstEight}${check === 10 ? 0 : check}`
}

type DemoSettings = Omit<Setting, 'id' | 'demo_content_seeded' | 'updatedAt' | 'createdAt' | 'social'> & {
  social: NonNullable<Setting['social']>
}

/** A fictional trader; every value passes the checks a real one would (IBAN, VAT ID). */
const DEMO_SETTINGS: DemoSettings = {
  trader_name: 'Lina Sommer – Klangwerkstatt',
  address: 'Lindenhofgasse 7\n79098 Freiburg im Breisgau\nDeutschland',
  email: 'kontakt@lina-sommer.example',
  phone: '+49 761 2968 4710',
  vat_mode: 'standard',
  vat_id: germanVatId('31415926'),
  bank_account_holder: 'Lina Sommer',
  bank_iban: germanIban('68012345', '0123456789'),
  bank_bic: 'MUSTDE61XXX',
  bank_name: 'Musterbank Freiburg',
  streaming_surcharge: 24.95,
  follower_mails_per_minute: FOLLOWER_MAILS_PER_MINUTE.default,
  social: {
    streaming: 'https://open.spotify.com/artist/4kLnSm0mMr7Xq2vB9sTz1c',
    video: 'https://www.youtube.com/@linasommer.klangwerkstatt',
    photo: 'https://www.instagram.com/linasommer.klangwerkstatt/',
    social_network: 'https://www.facebook.com/linasommer.klangwerkstatt',
    short_video: 'https://www.tiktok.com/@linasommer.klangwerkstatt',
  },
}

/** The demo values for the fields that are still empty (null, undefined or ""). */
function fillEmpty<T extends object>(current: Partial<T> | null | undefined, demo: T): T {
  const isEmpty = (value: unknown) => value === null || value === undefined || value === ''
  return Object.fromEntries(
    Object.entries(demo).map(([field, value]) => {
      const existing = current?.[field as keyof T]
      return [field, isEmpty(existing) ? value : existing]
    }),
  ) as T
}

/**
 * Fills in the trader data the seller has not entered yet (a shop that already has its own data
 * keeps it).
 */
export async function completeSettings(payload: Payload): Promise<void> {
  const current = await payload.findGlobal({ slug: 'settings', depth: 0 })
  const { social, ...trader } = DEMO_SETTINGS
  await payload.updateGlobal({
    slug: 'settings',
    data: { ...fillEmpty(current, trader), social: fillEmpty(current.social, social) },
    depth: 0,
  })
}

/** The last step of the demo seed: from now on it never runs again (a deleted demo item stays deleted). */
export async function markDemoContentSeeded(payload: Payload): Promise<void> {
  await payload.updateGlobal({ slug: 'settings', data: { demo_content_seeded: true }, depth: 0 })
}
