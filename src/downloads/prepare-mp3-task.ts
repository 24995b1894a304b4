import path from 'node:path'
import type { Payload, PayloadRequest, TaskConfig } from 'payload'
import { downloadFormatsFor } from './formats'
import { mp3Of } from './mp3-cache'

/** The queue of slow file work, run apart from the mails so that a long conversion never holds a mail up. */
export const FILE_WORK_QUEUE = 'files'

/**
 * Makes the MP3 of a delivered song right after delivery, so the customer's first download starts
 * at once instead of waiting for ffmpeg. The download route still makes a missing MP3 itself
 * (src/downloads/serve-download.ts): this job only moves the wait away from the customer.
 */
export const prepareMp3Task: TaskConfig<{ input: { audio: number }; output: object }> = {
  slug: 'prepareMp3',
  label: 'Prepare MP3 download',
  inputSchema: [{ name: 'audio', type: 'number', required: true }],
  retries: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    // disableErrors: a file removed meanwhile (anonymised, replaced) has nothing left to convert.
    const audio = await req.payload.findByID({ collection: 'audio', id: input.audio, depth: 0, req, disableErrors: true })
    const filename = audio?.filename ? path.basename(audio.filename) : null
    if (audio && filename && downloadFormatsFor(filename).includes('mp3')) {
      await mp3Of(audio.id, filename)
    }
    return { output: {} }
  },
}

/** Queues the MP3 of each delivered song in the transaction of the delivery: a rolled-back delivery converts nothing. */
export async function queueMp3Preparation(payload: Payload, req: PayloadRequest, audioIds: number[]): Promise<void> {
  for (const audio of audioIds) {
    await payload.jobs.queue({ task: 'prepareMp3', input: { audio }, queue: FILE_WORK_QUEUE, req })
  }
}
