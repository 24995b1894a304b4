import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import type { Database } from '../../scripts/lib/embedded-postgres'
import { silentWav } from '../support/audio'
import { CONSENTS } from '../support/orders'
import { call, LEAKS_AN_ERROR, logIn, queryDatabase } from './support/faults-database'
import { restoreSeededCopy } from './support/seeded-copy'
import { scratchFolder, shopEnvironment, type ShopProcess, startEmbeddedDatabase, startShop } from './support/shop'

/**
 * A customer's voice recording arrives while the disk is full or the folder is read-only, injected
 * for real: the shop's media folder (MEDIA_DIR) and its folder for uploads in flight (DATA_DIR/tmp)
 * are small file systems of their own (tmpfs, mounted here as root), filled to the last byte or
 * remounted read-only.
 */

const MEDIA_FS_SIZE = '48m'
const UPLOAD_TMP_FS_SIZE = '4m'
/** The file that takes a file system's last free byte. */
const FILLER = 'filler'

let scratch: ReturnType<typeof scratchFolder>
let database: Database
let shop: ShopProcess
let mediaDir: string
let uploadTmpDir: string
const mounted: string[] = []
let token: string

const mount = (args: string[]) => execFileSync('mount', args, { stdio: 'pipe' })

function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true })
  mount(['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir])
  mounted.push(dir)
}

/** Writes FILLER until the file system has no byte left: big pieces first, then single pages. */
function fill(dir: string): void {
  const fd = openSync(path.join(dir, FILLER), 'w')
  try {
    for (const piece of [1024 * 1024, 4096, 1]) {
      const bytes = Buffer.alloc(piece)
      try {
        for (;;) writeSync(fd, bytes)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
    }
  } finally {
    closeSync(fd)
  }
}

const unfill = (dir: string) => rmSync(path.join(dir, FILLER), { force: true })
const readOnly = (dir: string, on: boolean) => mount(['-o', `remount,${on ? 'ro' : 'rw'}`, dir])

beforeAll(async () => {
  scratch = scratchFolder('faults-disk')
  mediaDir = path.join(scratch.dir, 'media')
  uploadTmpDir = path.join(scratch.dir, 'data', 'tmp')
  // Real file systems of their own (we are root; chmod would not stop root).
  mountTmpfs(mediaDir, MEDIA_FS_SIZE)
  mountTmpfs(uploadTmpDir, UPLOAD_TMP_FS_SIZE)
  database = await startEmbeddedDatabase(path.join(scratch.dir, 'data'))
  const env = shopEnvironment(database.url, scratch.dir)
  const prepared = await restoreSeededCopy(database.url, env.MEDIA_DIR!)
  shop = await startShop(env)
  token = await logIn(shop.baseUrl, prepared.demoCustomer!.username, prepared.demoCustomer!.password)
}, 180_000)

afterAll(async () => {
  await shop?.stop()
  await database?.stop()
  for (const dir of mounted.reverse()) execFileSync('umount', ['--lazy', dir])
  scratch?.remove()
})

const asCustomer = () => ({ Authorization: `JWT ${token}` })

async function placeOrder(): Promise<number> {
  const placed = await call(shop.baseUrl, '/api/orders/', {
    method: 'POST',
    headers: { ...asCustomer(), 'Content-Type': 'application/json' },
    body: JSON.stringify({ package: 'vocalbalance', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS }),
  })
  expect({ status: placed.status, body: placed.text }).toMatchObject({ status: 201 })
  return Number(placed.json!.id)
}

const uploadRecording = (orderId: number) => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(silentWav(2))], { type: 'audio/wav' }), 'aufnahme.wav')
  form.append('description', 'Meine Stimme')
  return call(shop.baseUrl, `/api/orders/${orderId}/upload-audio/`, { method: 'POST', headers: asCustomer(), body: form })
}

/** What the refusal may not change: the files in both folders (the filler aside) and the order's recordings. */
async function snapshot(orderId: number) {
  const files = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name !== FILLER)
      .sort()
  const [uploads] = await queryDatabase<{ n: string }>(database.url, 'select count(*) as n from orders_uploads where _parent_id = $1', [orderId])
  const [recordings] = await queryDatabase<{ n: string }>(database.url, `select count(*) as n from audio where purpose = 'recording'`)
  return { media: files(mediaDir), uploadsInFlight: files(uploadTmpDir), orderUploads: Number(uploads!.n), recordings: Number(recordings!.n) }
}

it('refuses a recording on a full disk with 507 and on a read-only folder with 503, leaves no file behind and the order unchanged', async () => {
  const orderId = await placeOrder()
  const before = await snapshot(orderId)
  expect(before.uploadsInFlight).toEqual([])

  const faults: { name: string; status: number; inject: () => void; repair: () => void }[] = [
    { name: 'uploads folder full', status: 507, inject: () => fill(uploadTmpDir), repair: () => unfill(uploadTmpDir) },
    { name: 'media folder full', status: 507, inject: () => fill(mediaDir), repair: () => unfill(mediaDir) },
    { name: 'uploads folder read-only', status: 503, inject: () => readOnly(uploadTmpDir, true), repair: () => readOnly(uploadTmpDir, false) },
    { name: 'media folder read-only', status: 503, inject: () => readOnly(mediaDir, true), repair: () => readOnly(mediaDir, false) },
  ]
  const seen: string[] = []
  for (const fault of faults) {
    fault.inject()
    let answer
    try {
      answer = await uploadRecording(orderId)
    } finally {
      fault.repair()
    }
    seen.push(`${fault.name} → ${answer.status}`)
    expect({ fault: fault.name, status: answer.status }).toEqual({ fault: fault.name, status: fault.status })
    expect(answer.json?.detail).toEqual(expect.any(String))
    expect(answer.text).not.toMatch(LEAKS_AN_ERROR)
    expect(await snapshot(orderId)).toEqual(before)
  }

  // The same upload, once the disk takes it again: the refusals were the disk's, not the upload's.
  const stored = await uploadRecording(orderId)
  expect({ status: stored.status, body: stored.text }).toMatchObject({ status: 201 })
  const after = await snapshot(orderId)
  expect(after.orderUploads).toBe(before.orderUploads + 1)
  expect(after.uploadsInFlight).toEqual([])
  console.log(`Disk faults: ${seen.join(', ')}; afterwards the same recording → ${stored.status}; no file left behind, the order unchanged`)
})
