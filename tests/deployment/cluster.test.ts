/**
 * Two shop instances on one PostgreSQL (Debian's PostgreSQL 15 server, started here: the external
 * database of a deployment, not the embedded one) behind HAProxy, round robin, no sticky sessions
 * (issue 20). Instance a connects to PostgreSQL directly, instance b through PgBouncer in
 * transaction mode, so every proof below, made in both directions, holds for a shop behind
 * PgBouncer too: a (caching, it hears the change feed) reads what b wrote, and b (behind
 * PgBouncer it cannot LISTEN, so it reads the catalog uncached) reads what a wrote.
 * The balancer names the instance that answered in a response header; consecutive requests
 * alternate, which the first test proves and every other test checks request by request.
 */
import { afterAll, beforeAll, describe, expect, jest, test } from '@jest/globals'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import sharp from 'sharp'
import { CONTACT_RATE } from '../../src/contact/contact-message'
import { silentWav } from '../support/audio'
import { CONSENTS } from '../support/orders'
import { type Answer, eventually, send, startTestCluster, type TestCluster } from './support/cluster'

jest.setTimeout(60_000)

let cluster: TestCluster
let lastInstance = ''
const started = Date.now()
let requests = 0

beforeAll(async () => {
  cluster = await startTestCluster({ throughPgbouncer: ['b'] })
}, 150_000)

afterAll(async () => {
  await cluster?.close()
})

type Request = Parameters<typeof send>[1] & { path: string }

/** A request through the balancer; remembers which instance answered. */
async function viaBalancer({ path, ...init }: Request): Promise<Answer> {
  const answer = await send(cluster.url + path, init)
  requests += 1
  expect(['a', 'b']).toContain(answer.instance)
  if (lastInstance) expect(answer.instance).not.toBe(lastInstance) // round robin: never the same twice in a row
  lastInstance = answer.instance
  return answer
}

/** A request through the balancer that lands on `instance` (a health check first, when round robin is due to pick the other). */
async function on(instance: string, request: Request): Promise<Answer> {
  if (lastInstance === instance) await viaBalancer({ path: '/api/health/' })
  const answer = await viaBalancer(request)
  expect(answer.instance).toBe(instance)
  return answer
}

const other = (instance: string) => (instance === 'a' ? 'b' : 'a')
const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) })
const jwt = (token: string) => ({ authorization: `JWT ${token}` })

function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = `----cluster${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`))
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`))
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat(parts) }
}

let sellerToken = ''
async function seller(): Promise<Record<string, string>> {
  if (!sellerToken) {
    const login = await viaBalancer({
      path: '/api/cms/users/login',
      method: 'POST',
      ...json({ email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }),
    })
    expect(login.status).toBe(200)
    sellerToken = login.json().token
  }
  return jwt(sellerToken)
}

const customer = { username: `cluster-${randomBytes(3).toString('hex')}`, password: `Pw-${randomBytes(8).toString('hex')}` }
const customerEmail = `${customer.username}@example.com`
const runId = randomBytes(3).toString('hex')

describe('two instances behind HAProxy on Debian PostgreSQL 15 (instance b through PgBouncer in transaction mode)', () => {
  test('the balancer sends consecutive requests to the two instances in turn', async () => {
    const served = []
    for (let i = 0; i < 6; i++) served.push((await viaBalancer({ path: '/api/health/' })).instance)
    expect(new Set(served)).toEqual(new Set(['a', 'b']))
    const registered = await viaBalancer({
      path: '/api/accounts/register/',
      method: 'POST',
      from: '127.0.0.31',
      ...json({ ...customer, email: customerEmail, locale: 'de' }),
    })
    expect(registered.status).toBe(201)
  })

  test.each(['a', 'b'])('a login on instance %s is valid on the other', async (instance) => {
    const login = await on(instance, { path: '/api/accounts/login/', method: 'POST', ...json(customer) })
    expect(login.status).toBe(200)
    // As a browser sends it: the cookie and where the request comes from (Payload accepts the cookie from the shop's own pages only).
    const cookie = String(login.headers['set-cookie']?.find((line) => line.startsWith('payload-token=')) ?? '').split(';')[0]!
    expect(cookie).toMatch(/^payload-token=./)
    const byCookie = await viaBalancer({ path: '/api/whoami/', headers: { cookie, 'sec-fetch-site': 'same-origin' } })
    expect(byCookie.instance).toBe(other(instance))
    expect(byCookie.json()).toEqual({ user: customer.username })
    const byToken = await on(other(instance), { path: '/api/whoami/', headers: jwt(login.json().access) })
    expect(byToken.json()).toEqual({ user: customer.username })
  })

  test("the seller's catalog change on one instance is in the very next answer of the other: cached reads and cached pages", async () => {
    const groups = (await viaBalancer({ path: '/api/music/music-groups/' })).json() as { id: number }[]
    const group = (await viaBalancer({ path: `/api/music/music-groups/${groups[0]!.id}/` })).json() as { id: number; tracks: { id: number; title: string }[] }
    const track = group.tracks[0]!
    const apiPath = `/api/music/music-groups/${group.id}/`
    const pagePath = `/music-group/${group.id}`
    const titleIn = (answer: Answer) => (answer.json() as typeof group).tracks.find(({ id }) => id === track.id)?.title
    let round = 0
    const rename = async (instance: string) => {
      const title = `Clustertitel ${++round} ${randomBytes(3).toString('hex')}`
      const changed = await on(instance, {
        path: `/api/cms/tracks/${track.id}?locale=de`,
        method: 'PATCH',
        headers: { ...(await seller()), 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      })
      expect(changed.status).toBe(200)
      return title
    }
    // Four rounds, the writer alternating: each instance's caches are warm (read twice) before the change.
    for (const writer of ['a', 'b', 'a', 'b']) {
      for (let i = 0; i < 2; i++) {
        await viaBalancer({ path: apiPath })
        expect((await viaBalancer({ path: pagePath })).status).toBe(200)
      }
      const forRead = await rename(writer)
      const read = await viaBalancer({ path: apiPath })
      expect(read.instance).toBe(other(writer))
      expect(titleIn(read)).toBe(forRead)
      expect(titleIn(await viaBalancer({ path: apiPath }))).toBe(forRead)

      const forPage = await rename(writer)
      const page = await viaBalancer({ path: pagePath })
      expect(page.instance).toBe(other(writer))
      expect(page.body.toString()).toContain(forPage)
      expect((await viaBalancer({ path: pagePath })).body.toString()).toContain(forPage)
    }
  })

  test('an album scheduled for its time appears then on both instances, not before: page, API, cached page', async () => {
    const title = `Clusteralbum ${runId}`
    const created = await viaBalancer({
      path: '/api/cms/music-groups?locale=de&draft=true',
      method: 'POST',
      headers: { ...(await seller()), 'content-type': 'application/json' },
      body: JSON.stringify({ title, form: 'album', _status: 'draft' }),
    })
    expect(created.status).toBe(201)
    const id = (created.json().doc as { id: number }).id
    const me = (await viaBalancer({ path: '/api/cms/users/me', headers: await seller() })).json().user as { id: number }
    // The row the admin's "Veröffentlichungsplanung" queues (Payload's schedulePublishHandler), written straight into the shared database.
    const releaseAt = Date.now() + 15_000
    const database = new pg.Client({ connectionString: cluster.databaseUrl })
    await database.connect()
    try {
      await database.query(`INSERT INTO payload_jobs (task_slug, queue, wait_until, input) VALUES ('schedulePublish', 'default', $1, $2)`, [
        new Date(releaseAt).toISOString(),
        JSON.stringify({ type: 'publish', doc: { relationTo: 'music-groups', value: String(id) }, user: { relationTo: 'users', value: me.id } }),
      ])
    } finally {
      await database.end()
    }
    const views = async () => {
      const seen: { instance: string; what: string; shows: boolean; at: number }[] = []
      for (const instance of ['a', 'b']) {
        const page = await on(instance, { path: `/music-group/${id}` })
        seen.push({ instance, what: 'page', shows: page.status === 200, at: Date.now() })
        const api = await on(instance, { path: `/api/music/music-groups/${id}/` })
        seen.push({ instance, what: 'API', shows: api.status === 200, at: Date.now() })
        const music = await on(instance, { path: '/music' })
        seen.push({ instance, what: '/music', shows: music.body.toString().includes(title), at: Date.now() })
      }
      return seen
    }
    // Before its time (the caches warm: each view read twice), nothing anywhere shows it.
    for (const round of [1, 2]) {
      const seen = await views()
      expect({ round, shown: seen.filter(({ shows, at }) => shows && at < releaseAt) }).toEqual({ round, shown: [] })
      expect({ round, readInTime: seen.some(({ at }) => at < releaseAt) }).toEqual({ round, readInTime: true })
    }
    const shownAll = await eventually(async () => {
      const seen = await views()
      expect(seen.filter(({ shows, at }) => shows && at < releaseAt)).toEqual([])
      return seen.every(({ shows }) => shows) ? seen : undefined
    }, 40_000)
    const lateness = Math.max(...shownAll.map(({ at }) => at)) - releaseAt
    console.log(`scheduled release on two instances: every view of both showed it ${lateness} ms after its time`)
    expect(lateness).toBeLessThan(15_000)
  }, 120_000)

  test.each(['a', 'b'])('an image uploaded through instance %s is served by the other', async (instance) => {
    const data = await sharp({ create: { width: 12, height: 12, channels: 3, background: { r: instance === 'a' ? 200 : 20, g: 120, b: 60 } } })
      .png()
      .toBuffer()
    const form = multipart({ _payload: JSON.stringify({ alt: `Cluster ${instance}` }) }, { name: `cluster-${instance}.png`, type: 'image/png', data })
    const uploaded = await on(instance, {
      path: '/api/cms/media?locale=de',
      method: 'POST',
      headers: { ...(await seller()), ...form.headers },
      body: form.body,
    })
    expect(uploaded.status).toBe(201)
    const { filename } = uploaded.json().doc as { filename: string }
    const served = await viaBalancer({ path: `/media/images/${encodeURIComponent(filename)}` })
    expect(served.instance).toBe(other(instance))
    expect(served.status).toBe(200)
    expect(served.body.equals(data)).toBe(true)
  })

  test('rate limits count across both instances: the contact form allows a sender (a client address the balancer forwards) its limit in all', async () => {
    const sender = '127.0.0.41'
    const answers: Answer[] = []
    for (let i = 0; i < CONTACT_RATE.perSender + 2; i++) {
      answers.push(await viaBalancer({ path: '/api/contact/', method: 'POST', from: sender, ...json(contactMessage(i)) }))
    }
    expect(answers.map(({ status }) => status)).toEqual([...Array(CONTACT_RATE.perSender).fill(201), 429, 429])
    expect(new Set(answers.filter(({ status }) => status === 429).map(({ instance }) => instance))).toEqual(new Set(['a', 'b']))
    expect((await viaBalancer({ path: '/api/contact/', method: 'POST', from: '127.0.0.42', ...json(contactMessage(99)) })).status).toBe(201)
  })

  test('each queued mail is sent exactly once across both instances (counted at the SMTP server)', async () => {
    const accepted = [...Array(CONTACT_RATE.perSender).keys(), 99].map((i) => contactMessage(i).email)
    const mailsFor = (email: string) => cluster.mails().filter((mail) => mail.to.includes(email) || mail.replyTo === email)
    // Each contact message brings the seller a copy and the sender a receipt.
    await eventually(() => (accepted.every((email) => mailsFor(email).length >= 2) ? true : undefined))
    // Both instances poll the queue every second: a few more rounds, in which a second sending would show.
    await new Promise((resolve) => setTimeout(resolve, 4000))
    for (const email of accepted) {
      const sent = mailsFor(email).map((mail) => `${mail.to.join(',')} ${mail.subject}`)
      expect(sent).toHaveLength(2)
      expect(new Set(sent).size).toBe(2)
    }
  })

  test('a delivered song: its mail is sent and its MP3 made exactly once across both instances', async () => {
    const login = await on('a', { path: '/api/accounts/login/', method: 'POST', ...json(customer) })
    const placed = await on('b', {
      path: '/api/orders/',
      method: 'POST',
      headers: { ...jwt(login.json().access), 'content-type': 'application/json' },
      body: JSON.stringify({ package: 'soundtouch', use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS }),
    })
    expect(placed.status).toBe(201)
    const orderId = placed.json().id as number
    const paid = await on('a', {
      path: `/api/cms/orders/${orderId}/status`,
      method: 'POST',
      headers: { ...(await seller()), 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'paid' }),
    })
    expect(paid.status).toBe(200)
    const form = multipart(
      { _payload: JSON.stringify({ title: 'Cluster-Song', purpose: 'delivery' }) },
      { name: 'cluster-song.wav', type: 'audio/wav', data: silentWav(2) },
    )
    const audio = await on('b', { path: '/api/cms/audio', method: 'POST', headers: { ...(await seller()), ...form.headers }, body: form.body })
    expect(audio.status).toBe(201)
    const encodesBefore = cluster.mp3Encodes()
    const delivered = await on('a', {
      path: `/api/cms/orders/${orderId}/deliver`,
      method: 'POST',
      headers: { ...(await seller()), 'content-type': 'application/json' },
      body: JSON.stringify({ files: [audio.json().doc.id], description: 'Dein Song aus dem Cluster' }),
    })
    expect(delivered.status).toBe(201)
    const songMails = () => cluster.mails().filter((mail) => mail.to.includes(customerEmail) && /fertig|ready/i.test(mail.subject))
    await eventually(() => (songMails().length > 0 && cluster.mp3Encodes() > encodesBefore ? true : undefined), 30_000)
    await new Promise((resolve) => setTimeout(resolve, 5000))
    expect(songMails()).toHaveLength(1)
    expect(cluster.mp3Encodes() - encodesBefore).toBe(1)
    console.log(
      `cluster: 2 instances (b through PgBouncer, transaction mode) on Debian PostgreSQL 15 behind HAProxy; ${requests} requests alternating, ${cluster.mails().length} mails each sent once, 1 MP3 made once; ${Math.round((Date.now() - started) / 1000)} s`,
    )
  })
})

function contactMessage(i: number) {
  return { name: 'Erika Muster', email: `cluster-kontakt-${i}-${runId}@example.com`, message: `Eine Frage aus dem Cluster, Nachricht ${i}.` }
}
