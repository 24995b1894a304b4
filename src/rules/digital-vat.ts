/*
 * VAT on downloads sold to consumers (electronically supplied services, § 3a Abs. 5 UStG): whose
 * rate a catalog line is charged at, the EU's standard rates, the € 10,000 threshold and the
 * buyer's country evidence. Free of server imports (the checkout shows the result too).
 * docs/shop.md "Umsatzsteuer bei Downloads (EU, OSS)" says what the shop does and what stays the
 * tax adviser's decision.
 */
import { type VatMode, vatRateOf } from './pricing'

/**
 * The standard VAT rates of the 27 member states in percent, by ISO 3166-1 alpha-2 code (Greece is
 * GR here; the OSS return writes EL). Checked on EU_VAT_RATES_CHECKED against the rates in force
 * since 1 January 2026 (the Commission's TEDB, "VAT rates applied in the Member States").
 * Rates change (2025: Estonia, Romania, Slovakia; 2024: Finland, Luxembourg): the seller or her
 * tax adviser must check this table at every change and before each OSS return, and change it here only.
 */
export const EU_VAT_RATES = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
} as const satisfies Record<string, number>

/** The day EU_VAT_RATES was last compared with the official rates (ISO date). */
export const EU_VAT_RATES_CHECKED = '2026-11-27'

export type EuCountry = keyof typeof EU_VAT_RATES
export const EU_COUNTRIES = Object.keys(EU_VAT_RATES) as EuCountry[]

export const isEuCountry = (code: string | null | undefined): code is EuCountry => typeof code === 'string' && Object.hasOwn(EU_VAT_RATES, code)

/**
 * The EU-wide threshold for cross-border B2C digital services and distance sales (§ 3a Abs. 5
 * Satz 3 UStG, Art. 59c MwStSystRL): while the net sum to consumers in other member states stayed
 * at most € 10,000 in the previous calendar year and stays so in the current one, the seller may
 * charge German VAT; from the sale that passes it, the buyer country's VAT is owed.
 */
export const OSS_THRESHOLD_CENTS = 1_000_000
/** From this share of the threshold the dashboard warns the seller. */
export const OSS_WARNING_SHARE = 0.8

export type OssThresholdState = 'below' | 'near' | 'reached'

/** Where the seller stands against the threshold: last year's passing binds the whole current year. */
export function ossThresholdState({ thisYearNetCents, lastYearNetCents }: { thisYearNetCents: number; lastYearNetCents: number }): OssThresholdState {
  if (lastYearNetCents > OSS_THRESHOLD_CENTS || thisYearNetCents >= OSS_THRESHOLD_CENTS) return 'reached'
  return thisYearNetCents >= OSS_THRESHOLD_CENTS * OSS_WARNING_SHARE ? 'near' : 'below'
}

/**
 * Every officially assigned ISO 3166-1 alpha-2 code, for the checkout's country select (names come
 * from Intl.DisplayNames in the visitor's language: countryName).
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ')

const COUNTRY_CODE_SET = new Set(COUNTRY_CODES)

/** The country's name in the given language ("Österreich", "Austria"); the code when the runtime has no name. */
export const countryName = (code: string, locale: 'de' | 'en'): string => new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code

/** An ISO 3166-1 alpha-2 country code as the checkout sends it. */
export const isCountryCode = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{2}$/.test(value)

/** A stored or sent country as an assigned ISO code ("de " → "DE"), or null when it is none. */
export function knownCountry(value: string | null | undefined): string | null {
  const code = typeof value === 'string' ? value.trim().toUpperCase() : ''
  return COUNTRY_CODE_SET.has(code) ? code : null
}

/** Territories with an ISO code of their own that belong to a member state's VAT territory (Monaco is French for VAT). */
const VAT_TERRITORY_OF: Readonly<Record<string, EuCountry>> = { MC: 'FR' }

export type DigitalVatInput = {
  /** The seller's VAT mode (settings): a small business (§ 19 UStG) charges none anywhere. */
  vatMode: VatMode
  /** The seller is registered for the One-Stop-Shop (settings.oss_registered). */
  ossRegistered: boolean
  /** The buyer's country, ISO 3166-1 alpha-2 (the billing address's), or null when unknown. */
  buyerCountry: string | null
}

/**
 * The rate a line is charged at, and whose it is: the ISO code of the country the VAT is owed to
 * (outside the EU the buyer's country, with 0 %: nothing is owed here, see isNotTaxableInGermany).
 */
export type DigitalVat = { ratePercent: number; country: string }

/**
 * The VAT of a download sold to a consumer (prices are gross: the buyer pays the same amount
 * everywhere, only the seller's share changes, so a buyer gains nothing by naming another country).
 * - A small business (§ 19 UStG) charges none (DE).
 * - A buyer in Germany, or of unknown country: German VAT (the seller's vat_mode).
 * - A buyer outside the EU: 0 %, owed to no one here. The place of an electronically supplied
 *   service to a consumer is where the consumer lives (§ 3a Abs. 5 Satz 1 UStG); the € 10,000
 *   rule keeps German VAT only for consumers in other member states (Satz 3). Charging German
 *   VAT for simplicity is not allowed: the sale is not taxable in Germany, and VAT shown on the
 *   invoice would be owed anyway (§ 14c UStG). Whether the buyer's country wants its own VAT
 *   (the UK, Norway, Switzerland …) is the tax adviser's question.
 * - A buyer in another member state: that country's standard rate once the seller is registered
 *   for OSS; until then German VAT (allowed below the threshold; the dashboard warns before it).
 */
export function digitalSaleVat({ vatMode, ossRegistered, buyerCountry }: DigitalVatInput): DigitalVat {
  if (vatMode === 'small_business') return { ratePercent: 0, country: 'DE' }
  const country = knownCountry(buyerCountry)
  const germanVat = { ratePercent: vatRateOf(vatMode), country: 'DE' }
  if (country === null || country === 'DE') return germanVat
  const vatTerritory = VAT_TERRITORY_OF[country] ?? country
  if (!isEuCountry(vatTerritory)) return { ratePercent: 0, country }
  return ossRegistered ? { ratePercent: EU_VAT_RATES[vatTerritory], country: vatTerritory } : germanVat
}

/** A line charged no VAT because it is not taxable in Germany (a buyer outside the EU), not because of § 19 UStG. */
export const isNotTaxableInGermany = (vat: DigitalVat): boolean => vat.ratePercent === 0 && vat.country !== 'DE'

/** What an invoice says beside such a line (the reason it shows no VAT). */
export const NOT_TAXABLE_IN_GERMANY_NOTE = {
  de: 'Nicht im Inland steuerbare Leistung: elektronisch erbrachte Dienstleistung an einen Verbraucher im Drittland (§ 3a Abs. 5 UStG).',
  en: 'Not taxable in Germany: electronically supplied service to a consumer outside the EU (§ 3a (5) UStG).',
} as const

export type CountryEvidence = {
  /** The buyer's country as the shop takes it: the billing address's, else the card's; null when neither is known. */
  country: string | null
  /** False when both pieces are known and name different countries: the seller checks the purchase. */
  consistent: boolean
}

/**
 * The buyer's country from two pieces of evidence (Art. 24b, 24f MwSt-DVO 282/2011): the billing
 * address the buyer typed and the country of the card Stripe reports. Contradicting pieces do not
 * change the VAT already charged; the dashboard lists them for the seller to check.
 */
export function buyerCountryEvidence({
  billingCountry,
  cardCountry,
}: {
  billingCountry: string | null | undefined
  cardCountry: string | null | undefined
}): CountryEvidence {
  const billing = knownCountry(billingCountry)
  const card = knownCountry(cardCountry)
  return { country: billing ?? card, consistent: billing === null || card === null || billing === card }
}
