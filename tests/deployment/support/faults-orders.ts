/**
 * Customers and orders on a deployment test's own shop (the fault tests of issue 20): accounts
 * made by the seller through Payload's REST, orders through the storefront API, and the database
 * read directly (pg), so a test sees what was committed rather than what a server says.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '../../../src/rules/idempotency-key'
import { CONSENTS } from '../../support/orders'
import { sendUntilNotBusy } from '../../support/busy'

export type ShopCustomer = { id: number; email: string; token: string }

type JsonAnswer = { status: number; headers: Headers; body: any }

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) })
  const text = await response.text()
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined }
}

const jwt = (token: string) => ({ Authorization: `JWT ${token}` })

/** Logs in through Payload's REST; the token of the account. */
async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await postJson(`${baseUrl}/api/cms/users/login`, { email, password })
  if (login.status !== 200) throw new Error(`The login of ${email} failed: ${login.status} ${JSON.stringify(login.body)}`)
  return login.body.token
}

/** The seller's token on a deployment test's shop (its admin is ADMIN_EMAIL / ADMIN_PASSWORD of the test run). */
export function logInSeller(baseUrl: string): Promise<string> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env
  if (!email || !password) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD are not set: run the tests through npm test.')
  return logIn(baseUrl, email, password)
}

/** `count` new customer accounts, made by the seller through Payload's REST and each logged in. */
export async function createCustomers(baseUrl: string, sellerToken: string, count: number, prefix: string): Promise<ShopCustomer[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const username = `${prefix}-${index}-${randomBytes(3).toString('hex')}`
      const email = `${username}@example.com`
      const password = `Pw-${randomBytes(8).toString('hex')}`
      const created = await postJson(`${baseUrl}/api/cms/users`, { email, username, password, role: 'customer' }, jwt(sellerToken))
      if (created.status !== 201) throw new Error(`The seller could not create ${email}: ${created.status} ${JSON.stringify(created.body)}`)
      return { id: created.body.doc.id as number, email, token: await logIn(baseUrl, email, password) }
    }),
  )
}

/** What the order form sends; the server prices it. */
export type OrderChoices = { package: string; theme: string; personal_note: string; spotify_option: boolean }

/** An order request's fate: an HTTP answer, or none at all (the connection broke, e.g. the server was killed). */
export type OrderAttempt = { answered: true; status: number; body: any; replayed: boolean } | { answered: false; error: string }

/** POST /api/orders/ as `customer` with both consents and an Idempotency-Key. */
export async function placeOrder(baseUrl: string, customer: ShopCustomer, choices: OrderChoices, key: string): Promise<OrderAttempt> {
  try {
    // As the storefront does (apiFetch): a busy answer (another request of this customer held its lock) is sent again.
    const answer = await sendUntilNotBusy(() =>
      postJson(`${baseUrl}/api/orders/`, { ...choices, ...CONSENTS }, { ...jwt(customer.token), [IDEMPOTENCY_KEY_HEADER]: key }),
    )
    return { answered: true, status: answer.status, body: answer.body, replayed: answer.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true' }
  } catch (error) {
    return { answered: false, error: String((error as Error & { cause?: unknown }).cause ?? error) }
  }
}

/** An order row as stored, with the columns a placed order must have filled (numbers as numbers). */
export type StoredOrder = {
  id: number
  customer_id: number
  idempotency_key: string | null
  status: string
  package: string
  theme: string
  personal_note: string | null
  spotify_option: boolean | null
  payment_method: string
  package_price: number | null
  streaming_surcharge: number | null
  total: number | null
  vat_rate: number | null
  vat_amount: number | null
  revisions_included: number | null
  package_name: string | null
  terms_accepted_at: Date | null
  early_start_consent_at: Date | null
  consent_wording_version: string | null
  locale: string | null
  created_at: Date
  /** The order-confirmation mails recorded for it (1), and of those the ones sent or with a job queued to send them (1). */
  confirmation_mails: number
  confirmation_mails_on_their_way: number
}

const NUMERIC_COLUMNS = ['package_price', 'streaming_surcharge', 'total', 'vat_rate', 'vat_amount', 'revisions_included'] as const

/** Runs `work` with a pg client on the test's own database (its URL from the harness). */
export async function withDatabase<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Every order of these customers as the database holds it, with its confirmation mail and job counted. */
export function storedOrders(databaseUrl: string, customerIds: number[]): Promise<StoredOrder[]> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT o.id, o.customer_id, o.idempotency_key, o.status, o.package, o.theme, o.personal_note, o.spotify_option, o.payment_method,
              o.package_price, o.streaming_surcharge, o.total, o.vat_rate, o.vat_amount, o.revisions_included, o.package_name,
              o.terms_accepted_at, o.early_start_consent_at, o.consent_wording_version, o.locale, o.created_at,
              (SELECT count(*)::int FROM mails m WHERE m.template = 'order-confirmation' AND (m.data->>'order')::int = o.id) AS confirmation_mails,
              -- Payload deletes a job once it is done, so a mail is on its way when sent or while its job waits.
              (SELECT count(*)::int FROM mails m WHERE m.template = 'order-confirmation' AND (m.data->>'order')::int = o.id
                 AND (m.status = 'sent' OR EXISTS (SELECT 1 FROM payload_jobs j WHERE j.task_slug = 'sendMail' AND (j.input->>'mail')::int = m.id
                                                   AND j.completed_at IS NULL AND j.has_error IS NOT TRUE))) AS confirmation_mails_on_their_way
         FROM orders o WHERE o.customer_id = ANY($1::int[]) ORDER BY o.id`,
      [customerIds],
    )
    return rows.map((row) => ({
      ...row,
      ...Object.fromEntries(NUMERIC_COLUMNS.map((name) => [name, row[name] === null ? null : Number(row[name])])),
    })) as StoredOrder[]
  })
}

/** What the shop's catalog and settings price now: each package's price and name, the surcharge and VAT mode. */
export function currentPrices(databaseUrl: string) {
  return withDatabase(databaseUrl, async (client) => {
    const packages = await client.query(
      `SELECT p.slug, p.price, p.revisions_included, l.name FROM packages p JOIN packages_locales l ON l._parent_id = p.id AND l._locale = 'de'`,
    )
    const settings = await client.query('SELECT streaming_surcharge, vat_mode FROM settings LIMIT 1')
    return {
      packages: new Map(
        packages.rows.map((row) => [row.slug as string, { price: Number(row.price), name: row.name as string, revisions: Number(row.revisions_included) }]),
      ),
      streamingSurcharge: Number(settings.rows[0].streaming_surcharge),
      vatMode: settings.rows[0].vat_mode,
    }
  })
}

/** A recorded mail as the database holds it, with the job that sends it (null once Payload deleted the finished job). */
export type StoredMail = {
  id: number
  to: string
  order_id: number
  status: string
  attempts: number
  last_error: string | null
  message_id: string | null
  subject: string | null
  job: { completed: boolean; has_error: boolean; total_tried: number } | null
}

/** The order-confirmation mails of these orders, oldest first. */
export function confirmationMails(databaseUrl: string, orderIds: number[]): Promise<StoredMail[]> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT m.id, m.to, (m.data->>'order')::int AS order_id, m.status, m.attempts, m.last_error, m.message_id, m.subject,
              (SELECT json_build_object('completed', j.completed_at IS NOT NULL, 'has_error', coalesce(j.has_error, false), 'total_tried', coalesce(j.total_tried, 0))
                 FROM payload_jobs j WHERE j.task_slug = 'sendMail' AND (j.input->>'mail')::int = m.id LIMIT 1) AS job
         FROM mails m WHERE m.template = 'order-confirmation' AND (m.data->>'order')::int = ANY($1::int[]) ORDER BY m.id`,
      [orderIds],
    )
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts) })) as StoredMail[]
  })
}

/** How many jobs are marked "processing" now (after a kill: the ones the dead runner held). */
export function jobsMarkedProcessing(databaseUrl: string): Promise<number> {
  return withDatabase(databaseUrl, async (client) => (await client.query('SELECT count(*)::int AS n FROM payload_jobs WHERE processing')).rows[0].n)
}
