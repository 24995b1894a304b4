import type { Payload } from 'payload'
import type { Audio, Media } from '../../payload-types'
import { encodeMp3, synthesize, type TrackSound } from './audio-synth'
import { type ArtSpec, describeArt, renderArt } from './cover-art'
import type { Localized } from './documents'
import { cachedFile } from './media-cache'

const AUDIO_SOURCES = ['audio-synth.ts', 'random.ts']
const ART_SOURCES = ['cover-art.ts', 'random.ts']

/** Uploads are found again by their file name. */
const byFilename = (filename: string) => ({ where: { filename: { equals: filename } }, limit: 1, depth: 0, pagination: false }) as const

async function uploadImage(payload: Payload, filename: string, art: ArtSpec, germanAlt: string): Promise<Media> {
  const data = await cachedFile({ name: filename, params: art, sources: ART_SOURCES }, () => renderArt(art))
  return payload.create({
    collection: 'media',
    locale: 'de',
    data: { alt: germanAlt },
    file: { data, mimetype: 'image/jpeg', name: filename, size: data.length },
    depth: 0,
  })
}

/**
 * A generated picture in the media collection, found by its file name or rendered (or taken from
 * the cache) and uploaded. Its alternative text names what it belongs to and what it shows.
 */
export async function ensureImage(payload: Payload, filename: string, art: ArtSpec, belongsTo: Localized): Promise<Media> {
  const shows = describeArt(art)
  const existing = (await payload.find({ collection: 'media', ...byFilename(filename) })).docs[0]
  const image = existing ?? (await uploadImage(payload, filename, art, `${belongsTo.de}: ${shows.de}`))
  return payload.update({ collection: 'media', id: image.id, locale: 'en', data: { alt: `${belongsTo.en}: ${shows.en}` }, depth: 0 })
}

/**
 * A catalog track's MP3 in the audio collection, found by its file name or synthesized (or taken
 * from the cache) and uploaded; the collection's hook reads its duration from the file.
 */
export async function ensureTrackAudio(payload: Payload, filename: string, title: string, sound: TrackSound, log: (line: string) => void): Promise<Audio> {
  const existing = (await payload.find({ collection: 'audio', ...byFilename(filename) })).docs[0]
  if (existing) return existing
  const data = await cachedFile({ name: filename, params: sound, sources: AUDIO_SOURCES }, () => {
    const started = performance.now()
    const mp3 = encodeMp3(synthesize(sound))
    log(`Synthesized ${filename} (${sound.seconds} s of music) in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
    return mp3
  })
  return payload.create({
    collection: 'audio',
    data: { title, purpose: 'track' },
    file: { data, mimetype: 'audio/mpeg', name: filename, size: data.length },
    depth: 0,
  })
}
