/**
 * Object storage (issue 20): a shop with S3_BUCKET set keeps every upload in the bucket of a real
 * S3-compatible server (s3rver, started here on loopback; tests/deployment/support/s3.ts) and
 * nothing in MEDIA_DIR. The objects are private (no public ACL, an anonymous GET is refused), and
 * the shop serves them through its own routes: Range (206 with the very bytes of the object), the
 * object's ETag with 304, access by owner, the MP3 of a download made from the bucket's master and
 * stored back in the bucket, and a deleted file leaves no object behind.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import { freePort } from '../../scripts/lib/embedded-postgres'
import { silentWav } from '../support/audio'
import { type S3Stand, seededShopOnS3, startS3Stand } from './support/s3'
import { scratchFolder, shopEnvironment, type ShopProcess, startShop } from './support/shop'

type Helpers = {
  http: typeof import('../support/http')
  users: typeof import('../support/users')
  deliveries: typeof import('../support/deliveries')
  payload: typeof import('../support/payload')
}

describe('object storage in a real S3-compatible server (s3rver): uploads, playback and downloads from a private bucket', () => {
  const scratch = scratchFolder('s3')
  const startedAt = Date.now()
  let s3: S3Stand
  let client: S3Client
  let database: Awaited<ReturnType<typeof seededShopOnS3>>
  let shop: ShopProcess
  let helpers: Helpers
  let savedEnv: NodeJS.ProcessEnv

  const keysUnder = async (prefix: string): Promise<string[]> => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))
    return (listed.Contents ?? []).map((object) => object.Key!)
  }
  const objectBytes = async (key: string, range?: string): Promise<Buffer> => {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key, Range: range }))
    return Buffer.from(await object.Body!.transformToByteArray())
  }
  const fileNameOf = (url: string) => decodeURIComponent(url.split('/').pop()!)

  beforeAll(async () => {
    s3 = await startS3Stand(scratch.dir)
    client = s3.client()
    database = await seededShopOnS3(scratch.dir, s3)
    const port = await freePort()
    const env = shopEnvironment(database.url, scratch.dir, { ...s3.env, PUBLIC_URL: `http://127.0.0.1:${port}` })
    shop = await startShop(env, port)
    // The helpers (and Payload's Local API in this process, which the seller's delivery uses) talk
    // to this shop, its database and its bucket: they read the environment when first imported.
    savedEnv = { ...process.env }
    Object.assign(process.env, env, { BASE_URL: shop.baseUrl })
    helpers = {
      http: await import('../support/http'),
      users: await import('../support/users'),
      deliveries: await import('../support/deliveries'),
      payload: await import('../support/payload'),
    }
  }, 180_000)

  afterAll(async () => {
    await helpers?.payload.closeTestPayload()
    process.env = savedEnv
    await shop?.stop()
    await database?.drop()
    await s3?.close()
    scratch.remove()
    const acls = [...(s3?.uploadAcls.values() ?? [])]
    const publicCount = acls.filter((acl) => acl !== 'private').length
    console.log(`s3-storage (s3rver): ${acls.length} objects uploaded, ${publicCount} with a public ACL; ${Math.round((Date.now() - startedAt) / 1000)} s`)
  }, 60_000)

  it('keeps the seeded images and audio in the bucket, not in MEDIA_DIR, uploaded without a public ACL; an anonymous GET of an object is refused', async () => {
    const [images, audio] = await Promise.all([keysUnder('images/'), keysUnder('audio/')])
    expect(images.length).toBeGreaterThan(0)
    expect(audio.length).toBeGreaterThan(0)
    const mediaDir = path.join(scratch.dir, 'media')
    const filesOnDisk = existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
    expect(filesOnDisk.map((entry) => entry.name)).toEqual([])

    expect(s3.uploadAcls.size).toBeGreaterThanOrEqual(images.length + audio.length)
    const publicUploads = [...s3.uploadAcls].filter(([, acl]) => acl !== 'private')
    expect(publicUploads).toEqual([])

    for (const key of [images[0]!, audio[0]!]) {
      const anonymous = await fetch(s3.objectUrl(key))
      expect(anonymous.status).toBe(403)
      expect(await anonymous.text()).toContain('AccessDenied')
    }
  }, 60_000)

  it('plays a catalog track from the bucket through /media with Range: 206 with the very bytes of the object, its ETag, and 304 on revalidation', async () => {
    const tracks = await helpers.http.getJson('/api/music/tracks/')
    expect(tracks.status).toBe(200)
    const list = (Array.isArray(tracks.body) ? tracks.body : tracks.body.docs) as { audio: string | null }[]
    const url = list.find((track) => track.audio)!.audio!
    expect(url).toMatch(/^\/media\/audio\//)
    const key = `audio/${fileNameOf(url)}`
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))
    const size = head.ContentLength!
    expect(size).toBeGreaterThan(3000)

    const ranged = await fetch(shop.baseUrl + url, { headers: { Range: 'bytes=1000-2999' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-2999/${size}`)
    expect(ranged.headers.get('etag')).toBe(head.ETag)
    const bytes = Buffer.from(await ranged.arrayBuffer())
    expect(bytes.length).toBe(2000)
    expect(bytes.equals(await objectBytes(key, 'bytes=1000-2999'))).toBe(true)

    const tail = await fetch(shop.baseUrl + url, { headers: { Range: 'bytes=-100' } })
    expect(tail.status).toBe(206)
    expect(Buffer.from(await tail.arrayBuffer()).equals((await objectBytes(key)).subarray(size - 100))).toBe(true)

    const revalidated = await fetch(shop.baseUrl + url, { headers: { 'If-None-Match': head.ETag! } })
    expect(revalidated.status).toBe(304)
    const beyond = await fetch(shop.baseUrl + url, { headers: { Range: `bytes=${size}-` } })
    expect(beyond.status).toBe(416)
  }, 60_000)

  it("stores a customer's recording in the bucket and serves it to that customer alone", async () => {
    const { getJson } = helpers.http
    const { bearer, createCustomer } = helpers.users
    const [alice, bob] = await Promise.all([createCustomer('s3-alice'), createCustomer('s3-bob')])
    const orderId = await helpers.deliveries.paidOrder(alice, 'vocalbalance')
    const recording = silentWav(1)
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(recording)], { type: 'audio/wav' }), 'stimme.wav')
    const uploaded = await getJson(`/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: bearer(alice), body: form })
    expect(uploaded.status).toBe(201)
    const key = `audio/${fileNameOf(uploaded.body.file)}`
    expect((await objectBytes(key)).equals(recording)).toBe(true)
    expect(s3.uploadAcls.get(key)).toBe('private')
    expect((await fetch(s3.objectUrl(key))).status).toBe(403)

    const own = await fetch(shop.baseUrl + uploaded.body.file, { headers: bearer(alice) })
    expect(own.status).toBe(200)
    expect(own.headers.get('cache-control')).toBe('private, no-store')
    expect(Buffer.from(await own.arrayBuffer()).equals(recording)).toBe(true)
    expect((await fetch(shop.baseUrl + uploaded.body.file, { headers: bearer(bob) })).status).toBe(404)
    expect((await fetch(shop.baseUrl + uploaded.body.file)).status).toBe(404)
  }, 60_000)

  it("makes a download's MP3 from the master in the bucket, stores it there once, serves the original byte for byte; a deleted song leaves no object", async () => {
    const { getJson } = helpers.http
    const { bearer, createCustomer } = helpers.users
    const customer = await createCustomer('s3-carla')
    const orderId = await helpers.deliveries.paidOrder(customer)
    const master = silentWav(2)
    const audioId = await helpers.deliveries.deliverSong(orderId, { data: master, name: 'wolkenmeer-master.wav', mimetype: 'audio/wav' })
    const payload = await helpers.payload.testPayload()
    const { filename } = await payload.findByID({ collection: 'audio', id: audioId, depth: 0 })
    const masterKey = `audio/${filename}`
    expect((await objectBytes(masterKey)).equals(master)).toBe(true)

    const download = async (format: 'mp3' | 'original') => {
      const link = await getJson(`/api/orders/${orderId}/downloads/`, {
        method: 'POST',
        headers: { ...bearer(customer), 'Content-Type': 'application/json' },
        body: JSON.stringify({ audio: audioId, format }),
      })
      expect(link.status).toBe(200)
      return fetch(shop.baseUrl + link.body.url, { headers: bearer(customer) })
    }
    const mp3 = await download('mp3')
    expect(mp3.status).toBe(200)
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg')
    const mp3Bytes = Buffer.from(await mp3.arrayBuffer())
    const mp3Keys = (await keysUnder('downloads/mp3/')).filter((key) => key.startsWith(`downloads/mp3/${audioId}-`))
    expect(mp3Keys).toHaveLength(1)
    expect((await objectBytes(mp3Keys[0]!)).equals(mp3Bytes)).toBe(true)
    expect(s3.uploadAcls.get(mp3Keys[0]!)).toBe('private')

    const original = await download('original')
    expect(original.status).toBe(200)
    expect(Buffer.from(await original.arrayBuffer()).equals(master)).toBe(true)

    await payload.update({ collection: 'orders', id: orderId, data: { uploads: [] }, depth: 0 })
    await payload.delete({ collection: 'audio', id: audioId, depth: 0 })
    expect(await keysUnder(masterKey)).toEqual([])
    expect(await keysUnder(mp3Keys[0]!)).toEqual([])
  }, 120_000)
})
