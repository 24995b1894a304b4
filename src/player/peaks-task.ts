import path from 'node:path'
import type { Payload, PayloadRequest, TaskConfig } from 'payload'
import { FILE_WORK_QUEUE } from '@/downloads/prepare-mp3-task'
import { fileStore } from '@/storage/file-store'
import { decodePeaks, UndecodableAudioError } from './decode-peaks'

/**
 * Computes the waveform (peaks.ts) of a new or replaced audio file and stores it with the audio
 * document. Decoding runs on the files queue beside the MP3s, through the file store, so it reads
 * files on the local disk and in the bucket alike.
 */
export const computePeaksTask: TaskConfig<{ input: { audio: number }; output: object }> = {
  slug: 'computePeaks',
  label: 'Compute waveform peaks',
  inputSchema: [{ name: 'audio', type: 'number', required: true }],
  // Retries only help when the storage could not be read; a file ffmpeg cannot decode is given up at once.
  retries: { attempts: 2, backoff: { type: 'exponential', delay: 30_000 } },
  handler: async ({ input, req }) => {
    // disableErrors: a file removed meanwhile has nothing left to draw.
    const audio = await req.payload.findByID({ collection: 'audio', id: input.audio, depth: 0, req, disableErrors: true, select: { filename: true } })
    if (!audio?.filename) return { output: {} }
    let peaks: number[] | null
    try {
      peaks = await fileStore().withLocalCopy('audio', path.basename(audio.filename), decodePeaks)
    } catch (error) {
      if (!(error instanceof UndecodableAudioError)) throw error
      req.payload.logger.warn(`Audio ${audio.id} has no waveform: ${error.message.split('\n')[0]}`)
      return { output: {} }
    }
    if (!peaks) {
      req.payload.logger.warn(`Audio ${audio.id} has no waveform: its file ${audio.filename} is not stored.`)
      return { output: {} }
    }
    // Only onto the file they were made from: a file replaced meanwhile gets its own job.
    await req.payload.update({
      collection: 'audio',
      where: { and: [{ id: { equals: audio.id } }, { filename: { equals: audio.filename } }] },
      data: { peaks },
      depth: 0,
      req,
      context: { peaksUpdate: true },
    })
    return { output: {} }
  },
}

/** Queues the waveform of an audio file in the transaction of its upload: a rolled-back upload computes nothing. */
export async function queuePeaksComputation(payload: Payload, req: PayloadRequest, audioId: number): Promise<void> {
  await payload.jobs.queue({ task: 'computePeaks', input: { audio: audioId }, queue: FILE_WORK_QUEUE, req })
}
