import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import pg from 'pg'
import type { Database } from '../../scripts/lib/embedded-postgres'
import { readOrCreateSecret } from '../../scripts/lib/embedded-postgres'
import {
  type Caller,
  call,
  type Customer,
  deliverSong,
  distinctWav,
  invoicePdf,
  loginSeller,
  npmRun,
  payByStripe,
  placeOrder,
  rangeGet,
  registerCustomer,
  uploadRecording,
} from './support/backup-restore'
import { startS3Stand } from './support/s3'
import { restoreSeededCopy } from './support/seeded-copy'
import { scratchFolder, shopEnvironment, type ShopProcess, startEmbeddedDatabase, startShop } from './support/shop'

/**
 * `npm run backup` of a running shop on the embedded database, `npm run restore` into a fresh
 * embedded database and media folder, and a second shop started on what was restored. Payments
 * arrive as Stripe's signed webhook events (Stripe cannot be reached from here).
 */

/** How an operator's shell runs the commands: no DATABASE_URL (the embedded database of DATA_DIR), no PAYLOAD_SECRET (the generated one). */
const operatorEnvironment = (env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const { DATABASE_URL: _url, PAYLOAD_SECRET: _secret, ...rest } = env
  return { ...rest, ...extra }
}

type Snapshot = { orders: Record<string, unknown>[]; sellerView: unknown[]; pdfs: Buffer[]; files: Buffer[] }

describe('backup and restore (payments through signed Stripe webhook events)', () => {
  const original = scratchFolder('backup')
  const restored = scratchFolder('restored')
  const backups = path.join(original.dir, 'backups')
  let database: Database
  let shop: ShopProcess
  let restoredDatabase: Database | undefined
  let restoredShop: ShopProcess | undefined
  let env: NodeJS.ProcessEnv

  beforeAll(async () => {
    database = await startEmbeddedDatabase(path.join(original.dir, 'data'))
    // The secret the shop generated on its first start (npm start reads it from DATA_DIR as here).
    const secret = readOrCreateSecret(path.join(original.dir, 'data', '.payload-secret'))
    env = shopEnvironment(database.url, original.dir, { PAYLOAD_SECRET: secret })
    await restoreSeededCopy(database.url, env.MEDIA_DIR!)
    shop = await startShop(env)
  }, 120_000)

  afterAll(async () => {
    await restoredShop?.stop()
    await restoredDatabase?.stop()
    await shop?.stop()
    await database?.stop()
    original.remove()
    restored.remove()
  })

  it('brings back the same orders, byte-identical invoices, playable recordings and deliveries, and numbering goes on without a gap', async () => {
    const base = shop.baseUrl
    const seller = await loginSeller(base)
    const [anna, ben] = await Promise.all([registerCustomer(base, 'sicherung-a'), registerCustomer(base, 'sicherung-b')])

    // Anna: paid by card, her voice recording, the seller's finished song. Ben: one paid, one awaiting prepayment with a recording.
    const annaOrder = await placeOrder(base, anna, 'credit_card')
    await payByStripe(base, annaOrder)
    const annaRecording = distinctWav(0.5)
    const annaRecordingUrl = await uploadRecording(base, anna, annaOrder.id, annaRecording)
    const song = distinctWav(1)
    const songUrl = await deliverSong(base, seller, annaOrder.id, song)
    const benPaid = await placeOrder(base, ben, 'credit_card')
    await payByStripe(base, benPaid)
    const benOpen = await placeOrder(base, ben, 'prepayment')
    const benRecording = distinctWav(0.3)
    const benRecordingUrl = await uploadRecording(base, ben, benOpen.id, benRecording)
    const orderIds = [annaOrder.id, benPaid.id, benOpen.id]

    const snapshot = async (baseUrl: string, as: Caller): Promise<Snapshot> => {
      const mine = async (customer: Customer) => (await call(baseUrl, '/api/orders/my/', { as: customer })).body as Record<string, any>[]
      const orders = [...(await mine(anna)), ...(await mine(ben))].sort((a, b) => a.id - b.id)
      const sellerView = (await call(baseUrl, `/api/cms/orders?where[id][in]=${orderIds.join(',')}&depth=0&sort=id&limit=10`, { as })).body.docs
      const pdfs = await Promise.all(
        orders.filter((order) => order.invoice_pdf).map((order) => invoicePdf(baseUrl, order.id === benPaid.id ? ben : anna, order.invoice_pdf)),
      )
      const files: Buffer[] = []
      for (const [url, customer] of [
        [annaRecordingUrl, anna],
        [songUrl, anna],
        [benRecordingUrl, ben],
      ] as const) {
        const whole = await rangeGet(baseUrl, url, customer, 'bytes=0-')
        const middle = await rangeGet(baseUrl, url, customer, 'bytes=100-1099')
        expect([whole.status, middle.status]).toEqual([206, 206])
        expect(middle.bytes).toEqual(whole.bytes.subarray(100, 1100))
        files.push(whole.bytes)
      }
      return { orders, sellerView, pdfs, files }
    }
    const before = await snapshot(base, seller)
    expect(before.orders.map((order) => order.id)).toEqual(orderIds)
    expect(before.orders.map((order) => order.status)).toEqual(['delivered', 'paid', 'pending_payment'])
    expect(before.pdfs).toHaveLength(2)
    expect(before.files).toEqual([annaRecording, song, benRecording])
    const lastInvoice = async (baseUrl: string, as: Caller) =>
      (await call(baseUrl, '/api/cms/invoices?sort=-number&limit=1&depth=0', { as })).body.docs[0].number as string
    const lastNumberBefore = await lastInvoice(base, seller)

    // The backup runs while the shop keeps running, as an operator would run it beside npm start.
    const backup = await npmRun('backup', ['--out', backups], operatorEnvironment(env))
    expect(backup).toMatchObject({ ok: true, output: expect.stringContaining('the running embedded database') })
    const [archiveName] = readdirSync(backups)
    expect(archiveName).toMatch(/^shop-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar$/)
    const archive = path.join(backups, archiveName!)
    expect(backup.output).toContain('.payload-secret')

    const restoreEnv = operatorEnvironment(env, { DATA_DIR: path.join(restored.dir, 'data'), MEDIA_DIR: path.join(restored.dir, 'media') })
    const restore = await npmRun('restore', [archive], restoreEnv)
    expect(restore.output).toMatch(/\(\d+ orders, \d+ invoices, .*\), as in the backup/)
    expect(restore).toMatchObject({ ok: true, output: expect.stringMatching(/media folder .*: \d+ files, .* as in the backup/) })

    const startedAt = Date.now()
    restoredDatabase = await startEmbeddedDatabase(path.join(restored.dir, 'data'))
    // As npm start takes it: the restored DATA_DIR/.payload-secret (a new one would be generated were it missing).
    const restoredSecret = readOrCreateSecret(path.join(restored.dir, 'data', '.payload-secret'))
    const restoredEnv = shopEnvironment(restoredDatabase.url, restored.dir, { PAYLOAD_SECRET: restoredSecret })
    restoredShop = await startShop(restoredEnv)
    const startSeconds = (Date.now() - startedAt) / 1000

    // The logins made before the backup still hold: the same users, sessions and secret came back.
    const after = await snapshot(restoredShop.baseUrl, seller)
    expect(after.orders).toEqual(before.orders)
    expect(after.sellerView).toEqual(before.sellerView)
    expect(after.pdfs).toEqual(before.pdfs)
    expect(after.files).toEqual(before.files)

    const next = await placeOrder(restoredShop.baseUrl, ben, 'credit_card')
    await payByStripe(restoredShop.baseUrl, next)
    const [year, sequence] = lastNumberBefore.split('-')
    expect(await lastInvoice(restoredShop.baseUrl, seller)).toBe(`${year}-${String(Number(sequence) + 1).padStart(4, '0')}`)

    console.log(
      `Backup and restore: archive ${(statSync(archive).size / 1024 / 1024).toFixed(1)} MB (${orderIds.length} orders, ${before.pdfs.length} invoices, ` +
        `${before.files.length} recordings and deliveries of ours beside the demo shop); backup ${backup.seconds.toFixed(1)} s, restore ${restore.seconds.toFixed(1)} s, ` +
        `restored shop answering ${startSeconds.toFixed(1)} s later; next invoice ${Number(sequence) + 1} after ${Number(sequence)}`,
    )

    // Over data: refused in one sentence and nothing changed; with --force the backup replaces it.
    await restoredShop.stop()
    restoredShop = undefined
    const planted = path.join(restored.dir, 'media', 'not-in-the-backup.txt')
    writeFileSync(planted, 'added after the restore')
    const overData = { ...restoreEnv, DATABASE_URL: restoredDatabase.url }
    const refused = await npmRun('restore', [archive], overData)
    expect(refused.ok).toBe(false)
    expect(refused.output.trim()).toMatch(
      /^Nothing was restored, because the database \(DATABASE_URL\) holds \d+ tables and sequences and the media folder .* holds \d+ files?; run npm run restore -- .* --force to replace them with the backup\.$/,
    )
    expect(readFileSync(planted, 'utf8')).toBe('added after the restore')

    const forced = await npmRun('restore', [archive, '--force'], overData)
    expect(forced).toMatchObject({ ok: true, output: expect.stringContaining('as in the backup') })
    expect(readdirSync(path.join(restored.dir, 'media'))).not.toContain('not-in-the-backup.txt')
  }, 150_000)

  it('with S3_BUCKET, lists the objects of the bucket (key, size, ETag) instead of files, and restore names an object the bucket lost (s3rver)', async () => {
    const s3 = await startS3Stand(original.dir)
    const client = s3.client()
    try {
      const objects = { 'audio/stimme.wav': distinctWav(0.2), 'images/bild.jpg': randomBytes(3000) }
      for (const [key, body] of Object.entries(objects)) await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }))
      const out = path.join(original.dir, 'backups-s3')
      const backup = await npmRun('backup', ['--out', out], { ...env, ...s3.env })
      expect(backup).toMatchObject({ ok: true, output: expect.stringContaining(`S3 bucket ${s3.bucket}: a list of its 2 objects`) })
      const archive = path.join(out, readdirSync(out)[0]!)
      expect(execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual([
        'manifest.json',
        'database.dump',
        'payload-secret',
        's3-objects.json',
      ])
      const stored = await Promise.all(
        Object.keys(objects).map(async (key) => {
          const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))
          return { key, size: head.ContentLength, etag: head.ETag }
        }),
      )
      expect(JSON.parse(execFileSync('tar', ['-xOf', archive, 's3-objects.json'], { encoding: 'utf8' }))).toEqual(stored)

      // Into a new, empty database on the same server, as a deployment restores into a fresh one.
      const admin = new pg.Client({ connectionString: Object.assign(new URL(database.url), { pathname: '/postgres' }).toString() })
      await admin.connect()
      await admin.query('CREATE DATABASE restored_from_s3_backup')
      await admin.end()
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'images/bild.jpg' }))
      const restore = await npmRun('restore', [archive], {
        ...operatorEnvironment(env, { DATA_DIR: path.join(restored.dir, 'data-s3'), ...s3.env }),
        DATABASE_URL: Object.assign(new URL(database.url), { pathname: '/restored_from_s3_backup' }).toString(),
      })
      expect(restore).toMatchObject({ ok: true, output: expect.stringContaining('as in the backup') })
      expect(restore.output).toContain(`S3 bucket ${s3.bucket}: 1 of 2 listed objects present and unchanged`)
      expect(restore.output).toContain('images/bild.jpg (missing)')
    } finally {
      client.destroy()
      await s3.close()
    }
  }, 60_000)
})
