import type { CollectionBeforeOperationHook, Where } from 'payload'
import { sql, transactionDatabase } from '../../../src/site/transaction'

/**
 * Payload's update reads an audio document and writes every column back, so two changes at once
 * undo each other: the waveform job's write of the peaks (src/player/peaks-task.ts) put back the
 * title or size it had read before the seller's save. Every update of audio takes the rows' locks
 * in the operation's transaction before Payload reads them (by id, in a fixed order). A delete
 * writes nothing back (and the removal of a refused recording runs without a transaction).
 */
export const lockAudioRowsBeforeChange: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'update') return args
  if (!req.transactionID) throw new Error(`Payload's ${operation} of audio runs without a transaction: the row lock needs one.`)
  const { id, where } = args as { id?: number | string; where?: Where }
  const ids =
    id !== undefined
      ? [Number(id)]
      : (await req.payload.db.find<{ id: number }>({ collection: 'audio', where: where ?? {}, limit: 0, pagination: false, req })).docs.map((doc) => doc.id)
  const database = await transactionDatabase(req.payload, req)
  for (const rowId of [...new Set(ids)].sort((a, b) => a - b)) await database.execute(sql`select id from audio where id = ${rowId} for update`)
  return args
}
