import { randomUUID } from 'node:crypto'
import type { Payload, Where } from 'payload'
import { closeTestPayload, testPayload } from '../support/payload'

/*
 * The jobs queue's claim (src/site/job-claims.ts) as Payload's runner makes it: its `updateJobs`
 * utility opens a transaction, hands it to the adapter's updateJobs and commits it afterwards, and
 * on a failure does neither. The claim must run in that transaction (one pooled connection per
 * claim, not two) and roll it back when it fails: once, three such transactions were left "idle in
 * transaction" and a pool of four answered 503 for 30 s (deployment/faults-pool).
 */

let payload: Payload
const queue = `claims-${randomUUID().slice(0, 8)}`
let jobId: number | string

beforeAll(async () => {
  payload = await testPayload()
  // A queue of this file alone, so that no runner of the shop or of other suites claims the job.
  const job = await payload.jobs.queue({ task: 'sendMail', input: { mail: 0 }, queue })
  jobId = job.id
})

afterAll(async () => {
  await payload.delete({ collection: 'payload-jobs', id: jobId })
  await closeTestPayload()
})

const claimable: Where = { and: [{ queue: { equals: queue } }, { processing: { equals: false } }] }

/** Whether the job is marked processing, read outside any transaction. */
async function processing(): Promise<boolean> {
  const job = await payload.findByID({ collection: 'payload-jobs', id: jobId, depth: 0 })
  return Boolean(job.processing)
}

/** Whether Payload's adapter still holds the transaction open (a boolean: the session itself is too large for a failure's message). */
const transactionOpen = (transactionID: number | string): boolean => Boolean(payload.db.sessions?.[transactionID])

it('claims in the transaction its caller hands in: nothing is committed before the caller commits', async () => {
  const transactionID = (await payload.db.beginTransaction())!
  const claimed = await payload.db.updateJobs({ where: claimable, data: { processing: true }, limit: 1, req: { transactionID }, returning: true })
  expect(claimed?.map((job) => job.id)).toEqual([jobId])
  expect(transactionOpen(transactionID)).toBe(true)
  // Seen from outside, the claim is not there yet: it is part of the caller's transaction.
  expect(await processing()).toBe(false)
  await payload.db.rollbackTransaction(transactionID)
  expect(await processing()).toBe(false)
})

it('rolls the caller’s transaction back when the claim fails, so that its connection goes back to the pool', async () => {
  const transactionID = (await payload.db.beginTransaction())!
  const broken: Where = { and: [{ queue: { equals: queue } }, { 'no-such-field': { equals: 1 } }] }
  await expect(payload.db.updateJobs({ where: broken, data: { processing: true }, limit: 1, req: { transactionID }, returning: true })).rejects.toThrow()
  expect(transactionOpen(transactionID)).toBe(false)
  expect(await processing()).toBe(false)
})

it('claims in a transaction of its own when it is called without one, and commits it', async () => {
  const claimed = await payload.db.updateJobs({ where: claimable, data: { processing: true }, limit: 1, req: {}, returning: true })
  expect(claimed?.map((job) => job.id)).toEqual([jobId])
  expect(await processing()).toBe(true)
})
