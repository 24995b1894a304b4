import { randomBytes } from 'node:crypto'
import { unzipSync } from 'fflate'
import { REMOVED_TEXT } from '../../src/gdpr/anonymise'
import { customerWithHistory, sendContactMessage } from '../support/customer-history'
import { BASE_URL, getJson, ownLoopbackAddress } from '../support/http'
import { sentMailRecord, waitForMail } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { bearer, loginSeller } from '../support/users'

/**
 * Issue 18, finding 6: the GDPR export and the anonymisation find a customer's records by the
 * account, and by e-mail address only once the account has confirmed that address. Someone who
 * registers with a stranger's address gets none of the stranger's messages, nor can they erase
 * them. Anonymising also takes the customer's words out of the seller's mail records.
 */
let seller: { token: string }
beforeAll(async () => {
  seller = await loginSeller()
})
afterAll(closeTestPayload)

const json = { 'Content-Type': 'application/json' }

async function exportData(id: number) {
  const response = await fetch(`${BASE_URL}/api/cms/users/${id}/export`, { headers: bearer(seller) })
  expect(response.status).toBe(200)
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  return JSON.parse(Buffer.from(files['data.json']!).toString('utf8'))
}

/** An account registered (unconfirmed) with `email`, logged in. */
async function accountWith(email: string) {
  const payload = await testPayload()
  const password = `Pw-${randomBytes(8).toString('hex')}`
  const user = await payload.create({ collection: 'users', data: { email, username: `fremd-${randomBytes(4).toString('hex')}`, password, role: 'customer' } })
  expect(user.email_confirmed_at ?? null).toBeNull()
  const login = await getJson('/api/cms/users/login', { method: 'POST', headers: json, body: JSON.stringify({ email, password }), from: ownLoopbackAddress() })
  expect(login.status).toBe(200)
  return { id: user.id, email, token: login.body.token as string }
}

describe('GDPR matching by a confirmed address only', () => {
  it('gives an unconfirmed account none of a stranger’s contact messages (or their mails) with the same address; after confirming, it does', async () => {
    const email = `fremde-${randomBytes(4).toString('hex')}@example.com`
    const marker = `Geheimnis-${randomBytes(4).toString('hex')}`
    await sendContactMessage(email, marker)
    await waitForMail({ to: email }) // the receipt of the stranger's message
    const account = await accountWith(email)

    const before = await exportData(account.id)
    expect(before.contact_messages).toEqual([])
    expect(before.mails.filter((mail: { template: string }) => mail.template.startsWith('contact'))).toEqual([])
    expect(JSON.stringify(before)).not.toContain(marker)

    // The owner of the address confirms it through the mailed link: then the messages are theirs.
    expect((await getJson('/api/accounts/confirm-email/resend/', { method: 'POST', headers: bearer(account) })).status).toBeLessThan(300)
    const mail = await waitForMail({ to: email, subject: /best(ä|ae)tig|confirm/i })
    const token = /\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    expect(token).toBeTruthy()
    expect((await getJson('/api/accounts/confirm-email/', { method: 'POST', headers: json, body: JSON.stringify({ token }) })).status).toBe(200)

    const after = await exportData(account.id)
    expect(after.contact_messages.map((message: { message: string }) => message.message)).toEqual([expect.stringContaining(marker)])
  })

  it('does not let an unconfirmed account erase a stranger’s contact messages', async () => {
    const email = `fremde-${randomBytes(4).toString('hex')}@example.com`
    const marker = `Bleibt-${randomBytes(4).toString('hex')}`
    await sendContactMessage(email, marker)
    const account = await accountWith(email)
    const answer = await getJson(`/api/cms/users/${account.id}/anonymise`, { method: 'POST', headers: bearer(seller) })
    expect(answer.status).toBe(200)
    expect(answer.body.contact_messages_deleted).toBe(0)
    const payload = await testPayload()
    expect((await payload.find({ collection: 'contact-messages', where: { message: { contains: marker } } })).totalDocs).toBe(1)
    expect((await payload.find({ collection: 'mails', where: { to: { equals: email } } })).totalDocs).toBeGreaterThan(0)
  })
})

describe('anonymising removes the customer’s words from the mail records', () => {
  it('keeps the seller’s mail records about the customer as bookkeeping, without their words', async () => {
    const history = await customerWithHistory('gdpr-mails')
    const payload = await testPayload()
    const wishWords = `Bitte-leiser-${randomBytes(4).toString('hex')}`
    const withdrawalWords = `Widerruf-wegen-${randomBytes(4).toString('hex')}`
    await payload.create({
      collection: 'revision-requests',
      data: { order: history.order.id, customer: history.customer.id, delivery_version: 1, message: wishWords },
    })
    await payload.create({
      collection: 'withdrawals',
      data: {
        name: 'Erika Muster',
        email: history.customer.email,
        order_number: String(history.order.id),
        order: history.order.id,
        customer: history.customer.id,
        details: withdrawalWords,
        declaration: 'Hiermit widerrufe ich den Vertrag.',
        locale: 'de',
        received_at: new Date().toISOString(),
      } as never,
    })
    const sellerAddress = (await payload.findGlobal({ slug: 'settings' })).email as string
    const wishMail = await sentMailRecord(payload, sellerAddress, 'revision-requested', { containing: wishWords })
    expect(wishMail?.text).toContain(wishWords)
    await sentMailRecord(payload, sellerAddress, 'withdrawal-notice', { containing: history.customer.email })

    expect((await getJson(`/api/cms/users/${history.customer.id}/anonymise`, { method: 'POST', headers: bearer(seller) })).status).toBe(200)

    const { docs: mails } = await payload.find({ collection: 'mails', pagination: false, depth: 0 })
    const everything = JSON.stringify(mails)
    for (const words of [wishWords, withdrawalWords, history.contactMarker, history.customer.email]) expect(everything).not.toContain(words)
    // The seller's record that the wish came in stays, with its bookkeeping.
    const kept = await payload.findByID({ collection: 'mails', id: wishMail!.id, depth: 0 })
    expect(kept).toMatchObject({ template: 'revision-requested', status: 'sent', to: sellerAddress, text: REMOVED_TEXT })
    expect(kept.sent_at).toBeTruthy()
  })
})
