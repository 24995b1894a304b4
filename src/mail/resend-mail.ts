import type { Payload } from 'payload'

/**
 * Sends a recorded mail once more, through the queue: it is marked queued again and a send job
 * follows. False when there is no such mail.
 */
export async function resendMail(payload: Payload, id: number): Promise<boolean> {
  const { docs } = await payload.find({ collection: 'mails', where: { id: { equals: id } }, limit: 1, depth: 0 })
  if (!docs[0]) return false
  await payload.update({ collection: 'mails', id, data: { status: 'queued', last_error: null }, depth: 0 })
  await payload.jobs.queue({ task: 'sendMail', input: { mail: id } })
  return true
}
