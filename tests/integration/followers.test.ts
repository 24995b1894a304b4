import { randomBytes } from 'node:crypto'
import type { Follower } from '../../payload-types'
import { FOLLOW_CONSENT_VERSION, followConsentText } from '../../src/followers/consent'
import { unsubscribeLinks } from '../../src/mail/follower-mail'
import { queueFollowerMail } from '../../src/mail/queue-follower-mail'
import { pruneFollowers } from '../../src/followers/retention'
import { hashFollowToken } from '../../src/mail/follower-tokens'
import { collectCustomerData } from '../../src/gdpr/customer-data'
import { anonymiseCustomer } from '../../src/gdpr/anonymise'
import { FOLLOW_CONFIRMATION_HOURS, UNSUBSCRIBED_PROOF_YEARS } from '../../src/rules/followers'
import { FOLLOW_RATE } from '../../src/rules/limits'
import { BASE_URL, getJson, loopbackAddressesHandedOut, ownLoopbackAddress } from '../support/http'
import { type CaughtMail, mailsMatching, sentMailRecord, waitForMail, waitOutTheMailQueue } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { forgetRateLimitHits } from '../support/rate-limits'
import { bearer, createCustomer, loginSeller } from '../support/users'

/*
 * Issue 32, "Following": the double opt-in, its tokens, the no-enumeration answer, the rate
 * limits, the unsubscribe that always works (the page, RFC 8058's one-click POST), the mail to
 * followers with its list headers, the GDPR export and erasure, the cleanup and the CSV import.
 * Against the running shop, its database and the SMTP catcher.
 */

const SHOP = new URL(BASE_URL).origin
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SHOP }
const JSON_TYPE = { 'Content-Type': 'application/json', Origin: SHOP }
const emails: string[] = []
const freshAddress = (prefix = 'folgt') => {
  const email = `${prefix}-${randomBytes(5).toString('hex')}@example.com`
  emails.push(email)
  return email
}
const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const follow = (fields: Record<string, string>, from = ownLoopbackAddress(), headers: Record<string, string> = {}) =>
  getJson('/api/followers/', { method: 'POST', headers: { ...FORM, ...headers }, body: formBody(fields), from })
const followJson = (body: unknown, from = ownLoopbackAddress(), headers: Record<string, string> = {}) =>
  getJson('/api/followers/', { method: 'POST', headers: { ...JSON_TYPE, ...headers }, body: JSON.stringify(body), from })
const confirm = (token: string) => getJson('/api/followers/confirm/', { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ token }) })

/** Every sign-up row of an address, hidden fields included, oldest first. */
async function rowsOf(email: string): Promise<(Follower & { token_hash?: string | null; token_expires_at?: string | null })[]> {
  const payload = await testPayload()
  const { docs } = await payload.find({
    collection: 'followers',
    where: { email: { equals: email } },
    sort: 'id',
    depth: 0,
    showHiddenFields: true,
    pagination: false,
  })
  return docs as never
}
/** The rows once the sign-up, made after the answer (src/app/api/followers/route.ts), is stored. */
async function signedUp(email: string, count = 1) {
  const deadline = Date.now() + 10_000
  for (;;) {
    const rows = await rowsOf(email)
    if (rows.length >= count || Date.now() > deadline) return rows
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
const confirmationToken = (mail: CaughtMail) => new URL(/https?:\/\/\S+\/follow\/confirm\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!
const unsubscribePageToken = (mail: CaughtMail) => new URL(/https?:\/\/\S+\/follow\/unsubscribe\?t=\S+/.exec(mail.text)![0]).searchParams.get('t')!

/** Signs an address up through the form and confirms it with the mail's link: the confirmed row and the welcome mail. */
async function confirmedFollower(locale: 'de' | 'en' = 'de') {
  const email = freshAddress()
  expect((await follow({ email, consent: 'on', locale })).status).toBe(303)
  const token = confirmationToken(await waitForMail({ to: email, subject: locale === 'de' ? /Bitte bestätige/ : /Please confirm/ }))
  expect((await confirm(token)).status).toBe(200)
  const welcome = await waitForMail({ to: email, subject: locale === 'de' ? /Du folgst jetzt/ : /You now follow/ })
  return { email, token, welcome, row: (await rowsOf(email))[0]! }
}

describe('following by e-mail (double opt-in)', () => {
  afterAll(async () => {
    await forgetRateLimitHits({ addresses: loopbackAddressesHandedOut(), emails })
    await closeTestPayload()
  })

  it('the form signs up a pending address with its consent as proof and sends one confirmation mail, whose link exists only in the mail (stored hashed)', async () => {
    const email = freshAddress()
    const before = Date.now()
    const answer = await follow({ email: email.toUpperCase(), consent: 'on', locale: 'de' })
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/follow?status=requested&lang=de')
    const [row] = await signedUp(email)
    expect(row).toMatchObject({
      email,
      status: 'pending',
      locale: 'de',
      source: 'form',
      consent_text: followConsentText('de'),
      consent_version: FOLLOW_CONSENT_VERSION,
    })
    expect(new Date(row!.requested_at).getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(row!.confirmed_at ?? null).toBeNull()

    const mail = await waitForMail({ to: email, subject: /Bitte bestätige/ })
    const token = confirmationToken(mail)
    expect(mail.text).toContain(followConsentText('de'))
    const [withToken] = await rowsOf(email)
    expect(withToken!.token_hash).toBe(hashFollowToken(token))
    const hours = (new Date(withToken!.token_expires_at!).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(FOLLOW_CONFIRMATION_HOURS - 0.1)
    expect(hours).toBeLessThanOrEqual(FOLLOW_CONFIRMATION_HOURS)
    const record = await sentMailRecord(await testPayload(), email, 'follow-confirm')
    expect(record!.text).not.toContain(token)
    // The result page says what happens next, in the form's language, without JavaScript.
    const page = await fetch(`${BASE_URL}/follow?status=requested&lang=de`)
    expect(await page.text()).toContain('Erst nach deiner Bestätigung bekommst du Neuigkeiten')
  })

  it('answers the same for a new, a pending and a confirmed address, and sends nothing new within a day (no enumeration)', async () => {
    const pending = freshAddress()
    const { email: confirmed } = await confirmedFollower()
    expect((await followJson({ email: pending, consent: true, locale: 'en' })).status).toBe(202)
    await waitForMail({ to: pending, subject: /Please confirm/ })
    const since = new Date()
    const answers = await Promise.all([
      followJson({ email: freshAddress(), consent: true, locale: 'en' }),
      followJson({ email: pending, consent: true, locale: 'en' }),
      followJson({ email: confirmed, consent: true, locale: 'en' }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202])
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1)
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: pending, after: since })).toHaveLength(0)
    expect(mailsMatching({ to: confirmed, after: since })).toHaveLength(0)
    expect(await rowsOf(pending)).toHaveLength(1)
    expect((await rowsOf(confirmed)).map((row) => row.status)).toEqual(['confirmed'])

    // A day later a pending address may ask again: a new mail with a new link (the old one stops working).
    const payload = await testPayload()
    const [row] = await rowsOf(pending)
    const dayAgo = new Date(Date.now() - 25 * 3_600_000).toISOString()
    await payload.update({ collection: 'followers', id: row!.id, data: { confirmation_sent_at: dayAgo, requested_at: dayAgo } })
    const again = new Date()
    expect((await followJson({ email: pending, consent: true, locale: 'de' })).status).toBe(202)
    const second = await waitForMail({ to: pending, subject: /Bitte bestätige/, after: again })
    expect((await rowsOf(pending))[0]).toMatchObject({ status: 'pending', locale: 'de', token_hash: hashFollowToken(confirmationToken(second)) })
  })

  it('refuses a missing consent, a malformed address and a foreign or non-form body, storing nothing', async () => {
    const email = freshAddress()
    const noConsent = await follow({ email, locale: 'de' })
    expect(noConsent.headers.get('location')).toBe('/follow?status=consent_missing&lang=de')
    expect(await followJson({ email, consent: false })).toMatchObject({ status: 400, body: { code: 'consent_missing', detail: expect.any(String) } })
    expect(await followJson({ email: 'keine-adresse', consent: true })).toMatchObject({ status: 400, body: { code: 'invalid_email' } })
    expect(await followJson({ email: 42, consent: true })).toMatchObject({ status: 400, body: { code: 'invalid_email' } })
    expect((await follow({ email, consent: 'on' }, ownLoopbackAddress(), { Origin: 'https://evil.example' })).status).toBe(403)
    expect((await getJson('/api/followers/', { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: SHOP }, body: `email=${email}` })).status).toBe(
      415,
    )
    expect(await rowsOf(email)).toHaveLength(0)
  })

  it(`rate limits: ${FOLLOW_RATE.perTargetAddress} sign-ups an hour per target address, ${FOLLOW_RATE.perClientAddress} per client address`, async () => {
    const target = freshAddress()
    const perTarget = []
    for (let i = 0; i < FOLLOW_RATE.perTargetAddress + 1; i++) perTarget.push((await followJson({ email: target, consent: true })).status)
    expect(perTarget).toEqual([...Array(FOLLOW_RATE.perTargetAddress).fill(202), 429])

    const client = ownLoopbackAddress()
    const perClient = []
    for (let i = 0; i < FOLLOW_RATE.perClientAddress + 1; i++)
      perClient.push((await followJson({ email: freshAddress('viele'), consent: true }, client)).status)
    expect(perClient).toEqual([...Array(FOLLOW_RATE.perClientAddress).fill(202), 429])
    const refused = await follow({ email: freshAddress(), consent: 'on', locale: 'en' }, client)
    expect(refused.headers.get('location')).toBe('/follow?status=too_many_requests&lang=en')
  })

  it('the confirmation link works once, only within 48 hours; the welcome mail carries the unsubscribe link and the list headers, no remote images, no tracking', async () => {
    const { email, token, welcome, row } = await confirmedFollower('en')
    expect(row).toMatchObject({ status: 'confirmed', token_hash: null })
    expect(row.confirmed_at).toBeTruthy()
    // The link once more: it worked once.
    expect(await confirm(token)).toMatchObject({ status: 400, body: { code: 'invalid_token' } })
    const links = unsubscribeLinks(row, (await testPayload()).secret)
    expect(welcome.text).toContain(links.page)
    expect(welcome.listHeaders?.['list-unsubscribe']).toBe(
      `<${links.oneClick}>, <mailto:${welcome.from}?subject=${encodeURIComponent(`unsubscribe ${links.token}`)}>`,
    )
    expect(welcome.listHeaders?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
    expect(links.oneClick.startsWith(new URL(BASE_URL).origin)).toBe(true)
    // Only the shop's own origin in links and images; no pixel, no link rewriting.
    const urls = [...welcome.html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) expect(new URL(url).origin).toBe(new URL(BASE_URL).origin)
    expect(welcome.html).not.toMatch(/<img[^>]+width="1"/)
    expect(welcome.subject).toBe('You now follow Lina Sommer')

    // The expired one: a pending sign-up whose link is older than 48 hours.
    const late = freshAddress()
    await follow({ email: late, consent: 'on' })
    const lateToken = confirmationToken(await waitForMail({ to: late, subject: /Bitte bestätige/ }))
    const payload = await testPayload()
    const [pending] = await rowsOf(late)
    await payload.db.updateOne({ collection: 'followers', id: pending!.id, data: { token_expires_at: new Date(Date.now() - 1000).toISOString() } })
    expect(await confirm(lateToken)).toMatchObject({ status: 400, body: { code: 'invalid_token' } })
    expect((await rowsOf(late))[0]!.status).toBe('pending')
    // And the used one, once more: refused; the page's form answers with the result page.
    const formConfirm = await getJson('/api/followers/confirm/', { method: 'POST', headers: FORM, body: formBody({ token: lateToken, locale: 'en' }) })
    expect(formConfirm.headers.get('location')).toBe('/follow?status=invalid_token&lang=en')
    expect(await confirm('x'.repeat(43))).toMatchObject({ status: 400, body: { code: 'invalid_token' } })
    expect(mailsMatching({ to: email })).toHaveLength(2)
  })

  it('only a confirmed follower gets a follower mail: a pending one never, one who unsubscribed before sending neither', async () => {
    const payload = await testPayload()
    const pending = freshAddress()
    await follow({ email: pending, consent: 'on' })
    await waitForMail({ to: pending, subject: /Bitte bestätige/ })
    const [pendingRow] = await rowsOf(pending)
    expect(await queueFollowerMail(payload, undefined, pendingRow!, { template: 'follow-welcome', data: {} })).toBe(false)

    const { email, row } = await confirmedFollower()
    const since = new Date()
    // Queued while confirmed, unsubscribed before the job sends it: recorded as failed, never delivered, never retried.
    await payload.db.updateOne({ collection: 'followers', id: row.id, data: { status: 'unsubscribed', unsubscribed_at: new Date().toISOString() } })
    expect(await queueFollowerMail(payload, undefined, row, { template: 'follow-welcome', data: {} })).toBe(true)
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: email, after: since })).toHaveLength(0)
    expect(mailsMatching({ to: pending, subject: /folgst/ })).toHaveLength(0)
    const { docs } = await payload.find({ collection: 'mails', where: { and: [{ to: { equals: email } }, { status: { equals: 'failed' } }] }, depth: 0 })
    expect(docs[0]).toMatchObject({ template: 'follow-welcome', attempts: 1, last_error: expect.stringMatching(/no longer confirmed/) })
  })

  it('one-click unsubscribe (RFC 8058): the POST works without login or CSRF token, from any origin, only with the signed token; afterwards nothing is sent and a new sign-up needs a new confirmation', async () => {
    const { email, welcome, row } = await confirmedFollower()
    const oneClick = /<(https?:[^>]+)>/.exec(welcome.listHeaders!['list-unsubscribe']!)![1]!
    const path = new URL(oneClick).pathname + new URL(oneClick).search
    const post = (url: string, headers: Record<string, string> = {}) =>
      getJson(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: 'List-Unsubscribe=One-Click' })

    expect(await post('/api/followers/one-click/')).toMatchObject({ status: 404, body: { code: 'invalid_token' } })
    const forged = `${row.id}.${'A'.repeat(43)}`
    expect((await post(`/api/followers/one-click/?t=${encodeURIComponent(forged)}`)).status).toBe(404)
    const otherId = `${row.id + 1}.${path.split('.')[1]}`
    expect((await post(`/api/followers/one-click/?t=${otherId}`)).status).toBe(404)
    expect((await rowsOf(email))[0]!.status).toBe('confirmed')

    const done = await post(path, { Origin: 'https://mail.example' })
    expect(done.status).toBe(200)
    const [unsubscribed] = await rowsOf(email)
    expect(unsubscribed).toMatchObject({ status: 'unsubscribed' })
    expect(unsubscribed!.unsubscribed_at).toBeTruthy()
    expect((await post(path)).status).toBe(200) // twice: the same answer
    expect(await queueFollowerMail(await testPayload(), undefined, unsubscribed!, { template: 'follow-welcome', data: {} })).toBe(false)
    // Opening the header's URL (GET) only shows the page with the button.
    const opened = await getJson(path)
    expect(opened.status).toBe(303)
    expect(opened.headers.get('location')).toMatch(/^\/follow\/unsubscribe\?t=/)

    // Signing up again: a new pending row and a new confirmation mail; the old row stays as proof.
    const since = new Date()
    expect((await follow({ email, consent: 'on' })).status).toBe(303)
    await waitForMail({ to: email, subject: /Bitte bestätige/, after: since })
    expect((await rowsOf(email)).map((stored) => stored.status)).toEqual(['unsubscribed', 'pending'])
  })

  it('the unsubscribe page unsubscribes with its button and shows (and hands out) what is stored, with the token only', async () => {
    const { email, welcome } = await confirmedFollower('en')
    const token = unsubscribePageToken(welcome)
    const page = await fetch(`${BASE_URL}/follow/unsubscribe?t=${encodeURIComponent(token)}`)
    const html = await page.text()
    expect(html).toContain(email)
    expect(html).toContain(followConsentText('en'))
    expect(html).toContain('action="/api/followers/unsubscribe/"')
    const data = await getJson(`/api/followers/data/?t=${encodeURIComponent(token)}`)
    expect(data).toMatchObject({ status: 200, body: { email, status: 'confirmed', language: 'en', consent_version: FOLLOW_CONSENT_VERSION } })
    expect((await getJson(`/api/followers/data/?t=${encodeURIComponent(token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))}`)).status).toBe(404)
    const pressed = await getJson('/api/followers/unsubscribe/', { method: 'POST', headers: FORM, body: formBody({ t: token }) })
    expect(pressed.status).toBe(303)
    expect(pressed.headers.get('location')).toBe('/follow?status=unsubscribed&lang=en')
    expect((await rowsOf(email))[0]!.status).toBe('unsubscribed')
    expect(
      (await getJson('/api/followers/unsubscribe/', { method: 'POST', headers: { ...FORM, Origin: 'https://evil.example' }, body: formBody({ t: token }) }))
        .status,
    ).toBe(403)
  })

  it('a logged-in customer follows with one click (the account’s address, after its confirmation), and the checkout’s box does the same', async () => {
    const customer = await createCustomer('folgt-konto')
    emails.push(customer.email)
    const clicked = await getJson('/api/followers/', {
      method: 'POST',
      headers: { ...FORM, ...bearer(customer) },
      body: formBody({ account: '1', locale: 'de' }),
      from: ownLoopbackAddress(),
    })
    expect(clicked.status).toBe(303)
    expect((await signedUp(customer.email))[0]).toMatchObject({ status: 'pending', source: 'account', user: customer.id })
    await waitForMail({ to: customer.email, subject: /Bitte bestätige/ })
    // Without a login the one click signs nobody up.
    expect((await getJson('/api/followers/', { method: 'POST', headers: FORM, body: formBody({ account: '1' }) })).headers.get('location')).toBe('/login')
    expect((await followJson({ consent: true, source: 'checkout' })).status).toBe(401)

    const buyer = await createCustomer('folgt-kasse')
    emails.push(buyer.email)
    expect((await followJson({ consent: true, source: 'checkout', locale: 'en' }, ownLoopbackAddress(), bearer(buyer))).status).toBe(202)
    expect((await signedUp(buyer.email))[0]).toMatchObject({ status: 'pending', source: 'checkout', user: buyer.id, locale: 'en' })
  })

  it('GDPR: the follower data are in the customer’s export and removed by the anonymisation', async () => {
    const customer = await createCustomer('folgt-dsgvo')
    emails.push(customer.email)
    await followJson({ consent: true, source: 'checkout', locale: 'de' }, ownLoopbackAddress(), bearer(customer))
    expect(await signedUp(customer.email)).toHaveLength(1)
    const payload = await testPayload()
    const exported = await collectCustomerData(payload, customer.id)
    expect(exported!.data.followers).toEqual([expect.objectContaining({ email: customer.email, status: 'pending', consent_text: followConsentText('de') })])
    const erased = await anonymiseCustomer(payload, customer.id)
    expect(erased).toMatchObject({ ok: true, value: { followers_deleted: 1 } })
    expect(await rowsOf(customer.email)).toHaveLength(0)
  })

  it('CSV import: a file with malformed rows imports nothing and lists them; a good one signs each address up with a confirmation mail (followers only once confirmed)', async () => {
    const seller = await loginSeller()
    const importCsv = (csv: string, token: { token: string } | null = seller) =>
      getJson('/api/cms/followers/import', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? bearer(token) : {}) },
        body: JSON.stringify({ csv, locale: 'en' }),
      })
    const [first, second] = [freshAddress('import'), freshAddress('import')]
    const malformed = await importCsv(`email,language\n${first}\nkaputt-adresse\n${second};fr\n`)
    expect(malformed).toMatchObject({ status: 422, body: { code: 'malformed_rows', problems: [{ line: 3 }, { line: 4 }] } })
    expect(await rowsOf(first)).toHaveLength(0)
    expect((await importCsv(`${first}\n`, null)).status).toBe(403)

    const imported = await importCsv(`email;language\n"${first}";de\n${second}\n${second}\n`)
    expect(imported).toMatchObject({ status: 202, body: { rows: 2, mailed: 2, unchanged: 0 } })
    expect((await rowsOf(first))[0]).toMatchObject({ status: 'pending', source: 'import', locale: 'de' })
    expect((await rowsOf(second))[0]).toMatchObject({ status: 'pending', source: 'import', locale: 'en' })
    await waitForMail({ to: first, subject: /Bitte bestätige/ })
    await waitForMail({ to: second, subject: /Please confirm/ })
  })

  it(`cleanup: unconfirmed sign-ups go after 7 days, unsubscribed ones after ${UNSUBSCRIBED_PROOF_YEARS} years; the rest stays`, async () => {
    const payload = await testPayload()
    const day = 86_400_000
    const make = async (status: Follower['status'], requestedDaysAgo: number, unsubscribedDaysAgo?: number) => {
      const email = freshAddress('aufraeumen')
      const created = await payload.create({
        collection: 'followers',
        data: {
          email,
          status,
          locale: 'de',
          source: 'form',
          consent_text: 'Test',
          consent_version: 'test',
          requested_at: new Date(Date.now() - requestedDaysAgo * day).toISOString(),
          ...(unsubscribedDaysAgo === undefined ? {} : { unsubscribed_at: new Date(Date.now() - unsubscribedDaysAgo * day).toISOString() }),
        },
      })
      return created.id
    }
    const oldPending = await make('pending', 8)
    const newPending = await make('pending', 6)
    const oldConfirmed = await make('confirmed', 4000)
    const expiredProof = await make('unsubscribed', 2000, UNSUBSCRIBED_PROOF_YEARS * 366)
    const keptProof = await make('unsubscribed', 2000, UNSUBSCRIBED_PROOF_YEARS * 365 - 2)
    await pruneFollowers(payload)
    const left = await payload.find({
      collection: 'followers',
      where: { id: { in: [oldPending, newPending, oldConfirmed, expiredProof, keptProof] } },
      depth: 0,
    })
    expect(left.docs.map((doc) => doc.id).sort()).toEqual([newPending, oldConfirmed, keptProof].sort())
  })
})
