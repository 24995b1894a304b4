import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import pg from 'pg'
import type { Database } from '../../scripts/lib/embedded-postgres'
import { readOrCreateSecret } from '../../scripts/lib/embedded-postgres'
import { secretFingerprint } from '../../scripts/lib/backup/places'
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

/** The permission bits of a file or folder (0o600, 0o700). */
const modeOf = (file: string): number => statSync(file).mode & 0o777

/** A new, empty database on the server of `url`, as a deployment restores into a fresh one; its URL. */
async function freshDatabase(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString()
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return Number((await client.query("SELECT count(*) AS count FROM pg_tables WHERE schemaname = 'public'")).rows[0].count)
  } finally {
    await client.end()
  }
}

describe('backup and restore (payments through signed Stripe webhook events)', () => {
  const original = scratchFolder('backup')
  const restored = scratchFolder('restored')
  const backups = path.join(original.dir, 'backups')
  let database: Database
  let shop: ShopProcess
  let restoredDatabase: Database | undefined
  let restoredShop: ShopProcess | undefined
  let env: NodeJS.ProcessEnv
  let secret: string
  /** The first test's archive, which the later ones take apart. */
  let archive: string

  beforeAll(async () => {
    database = await startEmbeddedDatabase(path.join(original.dir, 'data'))
    // The secret the shop generated on its first start (npm start reads it from DATA_DIR as here).
    secret = readOrCreateSecret(path.join(original.dir, 'data', '.payload-secret'))
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
    archive = path.join(backups, archiveName!)
    // It holds the secret, password hashes and session ids: the operator's alone, from the first byte (umask 077, O_EXCL).
    expect([modeOf(archive), modeOf(backups)]).toEqual([0o600, 0o700])
    expect(backup.output).toContain(`secret: included (fingerprint ${secretFingerprint(secret)}`)
    expect(backup.output).toContain('--without-secret')
    expect(backup.output).not.toContain(secret)

    const restoreEnv = operatorEnvironment(env, { DATA_DIR: path.join(restored.dir, 'data'), MEDIA_DIR: path.join(restored.dir, 'media') })
    const restore = await npmRun('restore', [archive], restoreEnv)
    expect(restore.output).toMatch(/\(\d+ orders, \d+ invoices, .*\), as in the backup/)
    expect(restore).toMatchObject({ ok: true, output: expect.stringMatching(/media folder .*: \d+ files, .* as in the backup/) })
    expect(restore.output).toContain(`secret: the backup's (fingerprint ${secretFingerprint(secret)})`)
    expect(restore.output).not.toContain(secret)

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

    // npm's own force setting (`npm --force run restore`, force=true in an .npmrc) reaches the script as npm_config_force: it does not count.
    const npmForced = await npmRun('restore', [archive], { ...overData, npm_config_force: 'true' })
    expect(npmForced).toMatchObject({ ok: false, output: expect.stringContaining('Nothing was restored') })
    expect(readFileSync(planted, 'utf8')).toBe('added after the restore')

    const forced = await npmRun('restore', [archive, '--force'], overData)
    expect(forced).toMatchObject({ ok: true, output: expect.stringContaining('as in the backup') })
    expect(readdirSync(path.join(restored.dir, 'media'))).not.toContain('not-in-the-backup.txt')
  }, 150_000)

  it("leaves the secret out with --without-secret; restore then keeps the target's own secret and says so", async () => {
    const out = path.join(original.dir, 'backups-without-secret')
    const backup = await npmRun('backup', ['--out', out, '--without-secret'], operatorEnvironment(env))
    expect(backup).toMatchObject({ ok: true, output: expect.stringContaining('secret: left out (--without-secret)') })
    expect(backup.output).not.toContain(secret)
    const lean = path.join(out, readdirSync(out)[0]!)
    expect([modeOf(lean), modeOf(out)]).toEqual([0o600, 0o700])
    expect(execFileSync('tar', ['-tf', lean], { encoding: 'utf8' }).split('\n')).not.toContain('payload-secret')

    const dataDir = path.join(restored.dir, 'data-own-secret')
    mkdirSync(dataDir, { recursive: true })
    const ownSecret = readOrCreateSecret(path.join(dataDir, '.payload-secret'))
    const restore = await npmRun('restore', [lean], {
      ...operatorEnvironment(env, { DATA_DIR: dataDir, MEDIA_DIR: path.join(restored.dir, 'media-own-secret') }),
      DATABASE_URL: await freshDatabase(database.url, 'restored_without_secret'),
    })
    expect(restore).toMatchObject({ ok: true, output: expect.stringContaining(`secret: this shop's own, kept (fingerprint ${secretFingerprint(ownSecret)}`) })
    expect(readFileSync(path.join(dataDir, '.payload-secret'), 'utf8').trim()).toBe(ownSecret)
  }, 90_000)

  describe('refuses an archive that would write anything but plain files and folders into the media folder, before it changes anything', () => {
    const evilTarget = '/etc/hostname'
    /** The first test's archive taken apart, `tamper`ed with and packed again by GNU tar with the extra `tarArgs`. */
    function tamperedArchive(name: string, tamper: (members: string) => string[], tarArgs: string[] = []): string {
      const members = path.join(original.dir, `${name}-members`)
      mkdirSync(members)
      execFileSync('tar', ['-xf', archive, '-C', members])
      const extra = tamper(members)
      const tampered = path.join(original.dir, `${name}.tar`)
      const media = readdirSync(path.join(members, 'media'), { recursive: true, encoding: 'utf8' }).map((file) => `media/${file}`)
      execFileSync('tar', [
        '-cf',
        tampered,
        '-C',
        members,
        ...tarArgs,
        '--no-recursion',
        'manifest.json',
        'database.dump',
        'payload-secret',
        ...media,
        ...extra,
      ])
      return tampered
    }
    const someMediaFile = (members: string): string =>
      readdirSync(path.join(members, 'media'), { recursive: true, encoding: 'utf8' }).find((file) => statSync(path.join(members, 'media', file)).isFile())!

    it.each([
      [
        'a symbolic link',
        'symlink',
        (members: string) => (symlinkSync(evilTarget, path.join(members, 'media', 'evil-link')), []),
        [],
        /symbolic link media\/evil-link/,
      ],
      [
        'a hard link',
        'hardlink',
        (members: string) => {
          execFileSync('ln', [path.join(members, 'media', someMediaFile(members)), path.join(members, 'media', 'evil-hard')])
          return []
        },
        [],
        /hard link media\/(evil-hard|.*)/,
      ],
      [
        'a ../ path',
        'dotdot',
        (members: string) => (writeFileSync(path.join(members, 'escaped.txt'), 'outside'), ['escaped.txt']),
        ['--transform=s,^escaped\\.txt$,media/../escaped-by-backup.txt,'],
        /media\/\.\.\/escaped-by-backup\.txt.*outside the media folder/,
      ],
      [
        'an absolute path',
        'absolute',
        (members: string) => (writeFileSync(path.join(members, 'escaped.txt'), 'outside'), ['escaped.txt']),
        ['--transform=s,^escaped\\.txt$,/tmp/escaped-by-backup-absolute.txt,'],
        /\/tmp\/escaped-by-backup-absolute\.txt.*outside the media folder/,
      ],
    ] as const)(
      '%s',
      async (_what, name, tamper, tarArgs, message) => {
        const tampered = tamperedArchive(name, tamper, [...tarArgs])
        const target = path.join(restored.dir, `target-${name}`)
        const databaseUrl = await freshDatabase(database.url, `restored_${name}`)
        const restore = await npmRun('restore', [tampered], {
          ...operatorEnvironment(env, { DATA_DIR: path.join(target, 'data'), MEDIA_DIR: path.join(target, 'media') }),
          DATABASE_URL: databaseUrl,
        })
        expect(restore.ok).toBe(false)
        expect(restore.output).toMatch(/Nothing was restored/)
        expect(restore.output).toMatch(message)
        // Nothing written: no media folder, no secret, no tables, nothing beside the target.
        expect(existsSync(path.join(target, 'media'))).toBe(false)
        expect(existsSync(path.join(target, 'data', '.payload-secret'))).toBe(false)
        expect(await tablesIn(databaseUrl)).toBe(0)
        expect(existsSync(path.join(restored.dir, 'escaped-by-backup.txt'))).toBe(false)
        expect(existsSync(path.join(target, 'escaped-by-backup.txt'))).toBe(false)
        expect(existsSync('/tmp/escaped-by-backup-absolute.txt')).toBe(false)
      },
      60_000,
    )
  })

  it('with S3_BUCKET, lists the objects of the bucket (key, size, ETag) instead of files, and restore names an object the bucket lost (s3rver)', async () => {
    const s3 = await startS3Stand(original.dir)
    const client = s3.client()
    try {
      const objects = { 'audio/stimme.wav': distinctWav(0.2), 'images/bild.jpg': randomBytes(3000) }
      for (const [key, body] of Object.entries(objects)) await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }))
      const out = path.join(original.dir, 'backups-s3')
      const backup = await npmRun('backup', ['--out', out], { ...env, ...s3.env })
      expect(backup).toMatchObject({ ok: true, output: expect.stringContaining(`S3 bucket ${s3.bucket}: a list of its 2 objects`) })
      const listing = path.join(out, readdirSync(out)[0]!)
      expect(execFileSync('tar', ['-tf', listing], { encoding: 'utf8' }).split('\n').filter(Boolean)).toEqual([
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
      expect(JSON.parse(execFileSync('tar', ['-xOf', listing, 's3-objects.json'], { encoding: 'utf8' }))).toEqual(stored)

      const databaseUrl = await freshDatabase(database.url, 'restored_from_s3_backup')
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: 'images/bild.jpg' }))
      const restore = await npmRun('restore', [listing], {
        ...operatorEnvironment(env, { DATA_DIR: path.join(restored.dir, 'data-s3'), ...s3.env }),
        DATABASE_URL: databaseUrl,
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
