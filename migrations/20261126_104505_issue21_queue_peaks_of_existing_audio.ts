import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'
import { queuePeaksComputation } from '../src/player/peaks-task'

/**
 * Audio uploaded before waveforms existed gets one computed: a job per file on the files queue,
 * run by the shop after the deployment. Apart from the migration that adds the task, because
 * PostgreSQL lets no transaction use an enum value it added itself.
 */
export async function up({ payload, req }: MigrateUpArgs): Promise<void> {
  const { docs } = await payload.find({ collection: 'audio', where: { peaks: { exists: false } }, select: {}, depth: 0, pagination: false, req })
  for (const audio of docs) await queuePeaksComputation(payload, req, audio.id)
}

/** Nothing to undo: the previous migration's down removes the jobs and the peaks. */
export async function down(_: MigrateDownArgs): Promise<void> {}
