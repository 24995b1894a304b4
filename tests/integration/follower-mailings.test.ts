// @run-alone: it mails every confirmed follower of the shared shop and raises the throttle in the settings.
import { randomBytes } from 'node:crypto'
import type { Payload } from 'payload'
import sharp from 'sharp'
import type { Follower } from '../../payload-types'
import { BASE_URL, getJson } from '../support/http'
import { mailsMatching, waitForMail, waitOutTheMailQueue } from '../support/mail'
import { closeTestPayload, testPayload } from '../support/payload'
import { JEST_SELLER, loginSeller } from '../support/users'

/**
 * Issue 32: the mail to followers about a release. The seller presses "An Follower senden"
 * (POST /api/cms/follower-mailings/send); the shop's own queue sends the mails through the test
 * SMTP server, paced by the throttle setting (raised here to keep the file short). Every rule is
 * checked at the catcher: who gets a mail, that nobody gets two, and what is in it.
 */

const suffix = randomBytes(4).toString('hex')
const THROTTLE_PER_MINUTE = 600
const origin = new URL(process.env.PUBLIC_URL ?? BASE_URL).origin

let payload: Payload
let token: string
let throttleBefore: number
const made = { followers: [] as number[], releases: [] as { collection: 'music-groups' | 'news'; id: number }[], media: [] as number[] }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const cms = (path: string, init: RequestInit = {}) =>
  getJson(`/api/cms/follower-mailings${path}`, {
    ...init,
    headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json', Origin: BASE_URL, ...(init.headers as Record<string, string> | undefined) },
  })
const press = (collection: string, id: number) => cms('/send', { method: 'POST', body: JSON.stringify({ collection, id }) })

async function follower(name: string, fields: Partial<Follower> = {}): Promise<Follower> {
  const doc = await payload.create({
    collection: 'followers',
    data: {
      email: `${name}-${suffix}@example.com`,
      status: 'confirmed',
      locale: 'de',
      source: 'form',
      consent_text: 'Test',
      consent_version: 'test',
      requested_at: new Date().toISOString(),
      confirmed_at: new Date().toISOString(),
      ...fields,
    },
  })
  made.followers.push(doc.id)
  return doc
}

async function cover(): Promise<number> {
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#7799aa' } })
    .png()
    .toBuffer()
  const doc = await payload.create({
    collection: 'media',
    data: { alt: 'Cover' },
    // Not ending in the suffix: Payload names a second upload of a name by counting up a trailing
    // number, which a suffix of hex digits alone can be (mailing-40218118 became mailing-40218119).
    file: { data: png, mimetype: 'image/png', name: `mailing-${suffix}-cover.png`, size: png.length },
  })
  made.media.push(doc.id)
  return doc.id
}

async function album(title: string, status: 'published' | 'draft', coverId?: number) {
  const doc = await payload.create({
    collection: 'music-groups',
    locale: 'de',
    data: { title: `${title} ${suffix}`, form: 'album', description: 'Ruhige Klänge für den Abend.', cover: coverId, _status: status },
    draft: status === 'draft',
  })
  await payload.update({
    collection: 'music-groups',
    id: doc.id,
    locale: 'en',
    data: { title: `${title} EN ${suffix}`, description: 'Calm sounds for the evening.', _status: status },
    draft: status === 'draft',
  })
  made.releases.push({ collection: 'music-groups', id: doc.id })
  return doc
}

async function mailingOf(collection: string, id: number) {
  const { docs } = await payload.find({ collection: 'follower-mailings', where: { release_key: { equals: `${collection}:${id}` } }, limit: 1, depth: 0 })
  return docs[0] ?? null
}

async function waitForMailingStatus(collection: string, id: number, status: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mailing = await mailingOf(collection, id)
    if (mailing?.status === status || Date.now() > deadline) return mailing
    await sleep(250)
  }
}

async function deliveriesOf(mailingId: number) {
  const { docs } = await payload.find({ collection: 'mailing-deliveries', where: { mailing: { equals: mailingId } }, pagination: false, depth: 0 })
  return docs
}

beforeAll(async () => {
  payload = await testPayload()
  token = (await loginSeller()).token
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
  throttleBefore = settings.follower_mails_per_minute
  await payload.updateGlobal({ slug: 'settings', data: { follower_mails_per_minute: THROTTLE_PER_MINUTE }, depth: 0 })
}, 60_000)

afterAll(async () => {
  await payload.updateGlobal({ slug: 'settings', data: { follower_mails_per_minute: throttleBefore }, depth: 0 })
  for (const release of made.releases) {
    const mailing = await mailingOf(release.collection, release.id)
    if (mailing) {
      await payload.delete({ collection: 'mailing-deliveries', where: { mailing: { equals: mailing.id } } })
      await payload.delete({ collection: 'follower-mailings', id: mailing.id })
    }
    await payload.delete({ collection: release.collection, id: release.id })
  }
  if (made.followers.length > 0) await payload.delete({ collection: 'followers', where: { id: { in: made.followers } } })
  for (const id of made.media) await payload.delete({ collection: 'media', id })
  await closeTestPayload()
}, 60_000)

describe('the mail to followers about a release', () => {
  let german: Follower
  let english: Follower
  let pending: Follower
  let unsubscribed: Follower
  let bouncedBefore: Follower
  let refusedBySmtp: Follower

  beforeAll(async () => {
    german = await follower('release-de')
    english = await follower('release-en', { locale: 'en' })
    pending = await follower('release-pending', { status: 'pending', confirmed_at: null })
    unsubscribed = await follower('release-unsub', { status: 'unsubscribed', unsubscribed_at: new Date().toISOString() })
    bouncedBefore = await follower('release-bounced', { bounced_at: new Date().toISOString(), bounce_reason: '550 earlier' })
    refusedBySmtp = await follower('release-refused', { email: `release-refused-${suffix}+smtp550@example.com` })
    // More confirmed followers, so the pace of the sending can be seen.
    for (let index = 0; index < 10; index++) await follower(`release-crowd-${index}`, { locale: index % 2 ? 'en' : 'de' })
  }, 60_000)

  it('sends each confirmed follower one mail in their language, however often the release is saved or the button pressed; none to pending, unsubscribed or bouncing addresses', async () => {
    const startedAt = new Date()
    const release = await album('Abendlicht', 'published', await cover())

    const overview = await cms(`/release?collection=music-groups&id=${release.id}`)
    expect(overview.status).toBe(200)
    expect(overview.body).toMatchObject({ published: true, mailing: null })
    expect(overview.body.confirmedFollowers).toBeGreaterThanOrEqual(3)

    // Two presses at once, two saves of the release, and one more press.
    const presses = await Promise.all([press('music-groups', release.id), press('music-groups', release.id)])
    expect(presses.map((answer) => answer.status)).toEqual([202, 202])
    for (const description of ['Neu gespeichert', 'Noch einmal gespeichert']) {
      await payload.update({ collection: 'music-groups', id: release.id, locale: 'de', data: { description, _status: 'published' } })
    }
    expect((await press('music-groups', release.id)).status).toBe(202)

    const mailing = await waitForMailingStatus('music-groups', release.id, 'done')
    expect(mailing?.status).toBe('done')
    await waitOutTheMailQueue()

    const germanMails = mailsMatching({ to: german.email, after: startedAt })
    const englishMails = mailsMatching({ to: english.email, after: startedAt })
    expect(germanMails.map((mail) => mail.subject)).toEqual([`Neues Album von Lina Sommer: „Abendlicht ${suffix}“`])
    expect(englishMails.map((mail) => mail.subject)).toEqual([`New album by Lina Sommer: “Abendlicht EN ${suffix}”`])
    for (const nobody of [pending, unsubscribed, bouncedBefore, refusedBySmtp])
      expect({ to: nobody.email, mails: mailsMatching({ to: nobody.email, after: startedAt }).length }).toEqual({ to: nobody.email, mails: 0 })

    // What is in it: the cover from the shop itself, the album's page, the unsubscribe link and headers; no other remote resource, no rewritten link.
    const [mail] = germanMails
    const urls = [...mail!.html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'))
    expect(urls.filter((url) => /^https?:/.test(url)).every((url) => url.startsWith(`${origin}/`) || url === origin)).toBe(true)
    const images = [...mail!.html.matchAll(/<img [^>]*src="([^"]+)"/g)].map((match) => match[1])
    expect(images).toHaveLength(1)
    expect(images[0]).toMatch(new RegExp(`^${origin}/media/images/mailing-${suffix}`))
    expect(urls).toContain(`${origin}/music-group/${release.id}`)
    expect(mail!.text).toMatch(/Ruhige Klänge für den Abend\.|Neu gespeichert|Noch einmal gespeichert/)
    expect(mail!.html).toContain('/follow/unsubscribe?t=')
    expect(mail!.listHeaders?.['list-unsubscribe']).toContain(`${origin}/api/followers/one-click/?t=`)
    expect(mail!.listHeaders?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')

    // The database's own record: one delivery per follower; the refused address failed and is marked as bouncing.
    const deliveries = await deliveriesOf(mailing!.id)
    const followerIds = deliveries.map((delivery) => delivery.follower)
    expect(new Set(followerIds).size).toBe(followerIds.length)
    expect(deliveries.find((delivery) => delivery.follower === german.id)?.status).toBe('sent')
    expect(followerIds).not.toContain(pending.id)
    expect(followerIds).not.toContain(unsubscribed.id)
    expect(followerIds).not.toContain(bouncedBefore.id)
    expect(deliveries.find((delivery) => delivery.follower === refusedBySmtp.id)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/550/) })
    // The throttle (600 a minute: a mail starts every 100 ms) spaced them: n mails took about n - 1 gaps (a start is never
    // early; the first mail's finish may come late, hence 0.7).
    const sentAt = deliveries
      .filter((delivery) => delivery.status === 'sent')
      .map((delivery) => Date.parse(delivery.sent_at!))
      .sort((a, b) => a - b)
    expect(sentAt.length).toBeGreaterThanOrEqual(12)
    expect(sentAt[sentAt.length - 1]! - sentAt[0]!).toBeGreaterThanOrEqual(0.7 * (sentAt.length - 1) * (60_000 / THROTTLE_PER_MINUTE))
    const spanMs = sentAt[sentAt.length - 1]! - sentAt[0]!
    console.log(
      `follower-mailings: ${sentAt.length} mails at a throttle of ${THROTTLE_PER_MINUTE}/min took ${spanMs} ms from first to last: ` +
        `${(((sentAt.length - 1) / spanMs) * 60_000).toFixed(0)} mails/min`,
    )
    const marked = await payload.findByID({ collection: 'followers', id: refusedBySmtp.id, depth: 0 })
    expect(marked.bounced_at).toBeTruthy()
    expect(marked.bounce_reason).toMatch(/550/)

    // Pressed again once it is done: still one mail each.
    expect((await press('music-groups', release.id)).status).toBe(202)
    await waitForMailingStatus('music-groups', release.id, 'done')
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: german.email, after: startedAt })).toHaveLength(1)
    expect(mailsMatching({ to: english.email, after: startedAt })).toHaveLength(1)

    const progress = await cms(`/release?collection=music-groups&id=${release.id}`)
    expect(progress.body.mailing).toMatchObject({ status: 'done', progress: { queued: 0, failed: expect.any(Number), sent: expect.any(Number) } })
    expect(progress.body.mailing.progress.sent).toBeGreaterThanOrEqual(2)
  }, 120_000)

  it('waits for a draft or scheduled release and sends when it is published; a bouncing address is skipped by every mailing from then on', async () => {
    const release = await album('Morgentau', 'draft')
    const pressed = await press('music-groups', release.id)
    expect(pressed.status).toBe(202)
    expect(pressed.body).toMatchObject({ published: false, mailing: { status: 'waiting' } })
    await waitOutTheMailQueue()
    expect(mailsMatching({ to: german.email, subject: /Morgentau/ })).toHaveLength(0)

    // Published (as Payload's schedulePublish job does at the time the seller set): the waiting mailing starts.
    await payload.update({ collection: 'music-groups', id: release.id, data: { _status: 'published' } })
    await waitForMail({ to: german.email, subject: /Morgentau/ }, 30_000)
    const mailing = await waitForMailingStatus('music-groups', release.id, 'done')
    const deliveries = await deliveriesOf(mailing!.id)
    expect(deliveries.map((delivery) => delivery.follower)).not.toContain(refusedBySmtp.id)
    expect(mailsMatching({ to: refusedBySmtp.email, subject: /Morgentau/ })).toHaveLength(0)
  }, 90_000)

  it('sends nothing for a release that was unpublished again before its mails went out', async () => {
    const release = await album('Nebelmeer', 'published')
    // The mailing as a press makes it, its first batch due in two seconds; meanwhile the seller unpublishes the album.
    const mailing = await payload.create({
      collection: 'follower-mailings',
      data: {
        title: 'Nebelmeer',
        release_collection: 'music-groups',
        release_id: release.id,
        release_key: `music-groups:${release.id}`,
        status: 'sending',
        requested_at: new Date().toISOString(),
      },
    })
    await payload.jobs.queue({
      task: 'sendFollowerMailing',
      queue: 'follower-mailings',
      input: { mailing: mailing.id },
      waitUntil: new Date(Date.now() + 2000),
    })
    await payload.update({ collection: 'music-groups', id: release.id, data: { _status: 'draft' } })

    const stopped = await waitForMailingStatus('music-groups', release.id, 'stopped', 30_000)
    expect(stopped?.status).toBe('stopped')
    await waitOutTheMailQueue()
    expect(await deliveriesOf(mailing.id)).toEqual([])
    expect(mailsMatching({ to: german.email, subject: /Nebelmeer/ })).toHaveLength(0)
  }, 60_000)

  it('shows the seller the mail in both languages and sends her a test mail of each', async () => {
    const release = await album('Sternenstaub', 'draft', await cover())
    const de = await cms(`/preview?collection=music-groups&id=${release.id}&locale=de`)
    const en = await cms(`/preview?collection=music-groups&id=${release.id}&locale=en`)
    expect(de.status).toBe(200)
    expect(de.body.subject).toBe(`Neues Album von Lina Sommer: „Sternenstaub ${suffix}“`)
    expect(en.body.subject).toBe(`New album by Lina Sommer: “Sternenstaub EN ${suffix}”`)
    expect(de.body.html).toMatch(new RegExp(`<img src="${origin}/media/images/mailing-${suffix}`))
    expect(en.body.text).toContain('Calm sounds for the evening.')

    const sentAt = new Date()
    const test = await cms('/test', { method: 'POST', body: JSON.stringify({ collection: 'music-groups', id: release.id }) })
    expect(test.status).toBe(202)
    await waitForMail({ to: JEST_SELLER.email, subject: /^\[Test\] Neues Album .*Sternenstaub/, after: sentAt })
    await waitForMail({ to: JEST_SELLER.email, subject: /^\[Test\] New album .*Sternenstaub/, after: sentAt })
    // A test mail starts no mailing.
    expect(await mailingOf('music-groups', release.id)).toBeNull()
  }, 60_000)

  it('answers a malformed or unknown release with 4xx and a detail', async () => {
    const wrongKind = await cms('/preview?collection=orders&id=1&locale=de')
    expect(wrongKind).toMatchObject({ status: 400, body: { detail: expect.stringContaining('collection') } })
    const badLocale = await cms('/preview?collection=news&id=1&locale=fr')
    expect(badLocale.status).toBe(400)
    const unknown = await press('news', 2_000_000_000)
    expect(unknown).toMatchObject({ status: 404, body: { detail: 'There is no such release.' } })
    const noBody = await cms('/send', { method: 'POST', body: 'not json' })
    expect(noBody.status).toBe(400)
  })
})
