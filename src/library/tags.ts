/*
 * The tags of a downloaded track, written by the shop itself rather than by ffmpeg: ffmpeg only
 * converts the audio and strips every tag of the master (`-map_metadata -1`), and never reads the
 * cover image, so its confinement to audio demuxers (src/audio/ffmpeg.ts) stays as it is.
 */

/** What a downloaded track is tagged with. */
export type TrackTags = { title: string; artist: string; album: string; trackNumber: number; trackTotal: number; year?: string }

/** A cover to embed: JPEG or PNG, the formats players show. */
export type CoverImage = { data: Buffer; mimeType: 'image/jpeg' | 'image/png' }

export const embeddableCoverType = (mimeType: string | null | undefined): CoverImage['mimeType'] | null =>
  mimeType === 'image/jpeg' || mimeType === 'image/png' ? mimeType : null

/** ffmpeg's `-metadata` arguments for containers whose tags ffmpeg writes (FLAC's Vorbis comments, WAV's INFO list, …). */
export const ffmpegMetadataArgs = (tags: TrackTags): string[] =>
  [
    ['title', tags.title],
    ['artist', tags.artist],
    ['album', tags.album],
    ['track', `${tags.trackNumber}/${tags.trackTotal}`],
    ...(tags.year ? [['date', tags.year]] : []),
  ].flatMap(([key, value]) => ['-metadata', `${key}=${value}`])

/** An ID3v2.3 text frame, in UTF-16 with a byte order mark (v2.3 knows no UTF-8). */
const textFrame = (id: string, text: string): Buffer => frame(id, Buffer.concat([Buffer.from([0x01, 0xff, 0xfe]), Buffer.from(text, 'utf16le')]))

/** APIC: the front cover, with an empty description. */
const pictureFrame = (cover: CoverImage): Buffer =>
  frame('APIC', Buffer.concat([Buffer.from([0x00]), Buffer.from(`${cover.mimeType}\0`, 'latin1'), Buffer.from([0x03, 0x00]), cover.data]))

function frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10)
  header.write(id, 0, 'latin1')
  header.writeUInt32BE(body.length, 4)
  return Buffer.concat([header, body])
}

/** A 28-bit size in four bytes of seven bits (the ID3 tag header's). */
function synchsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f])
}

/** The ID3v2.3 tag put before an MP3's frames: title, artist, album, track number, year and the cover. */
export function id3v2Tag(tags: TrackTags, cover: CoverImage | null): Buffer {
  const frames = Buffer.concat([
    textFrame('TIT2', tags.title),
    textFrame('TPE1', tags.artist),
    textFrame('TALB', tags.album),
    textFrame('TRCK', `${tags.trackNumber}/${tags.trackTotal}`),
    ...(tags.year ? [textFrame('TYER', tags.year)] : []),
    ...(cover ? [pictureFrame(cover)] : []),
  ])
  return Buffer.concat([Buffer.from('ID3'), Buffer.from([0x03, 0x00, 0x00]), synchsafe(frames.length), frames])
}

/** A FLAC PICTURE metadata block's body: the front cover (type 3), its size left for players to read from the image. */
export function flacPictureBlock(cover: CoverImage): Buffer {
  const word = (value: number) => {
    const bytes = Buffer.alloc(4)
    bytes.writeUInt32BE(value)
    return bytes
  }
  const mime = Buffer.from(cover.mimeType, 'latin1')
  return Buffer.concat([word(3), word(mime.length), mime, word(0), word(0), word(0), word(0), word(0), word(cover.data.length), cover.data])
}

const FLAC_PICTURE = 6

/**
 * The metadata blocks of a FLAC file with the cover added, and where its audio frames start.
 * `head` holds at least the whole metadata; null when it does not (read more) or is no FLAC.
 */
export function flacHeadWithPicture(head: Buffer, cover: CoverImage): { metadata: Buffer; audioStart: number } | 'need-more' | null {
  if (head.length < 4) return 'need-more'
  if (head.subarray(0, 4).toString('latin1') !== 'fLaC') return null
  const blocks: { type: number; body: Buffer }[] = []
  let offset = 4
  for (let last = false; !last;) {
    if (offset + 4 > head.length) return 'need-more'
    last = (head[offset]! & 0x80) !== 0
    const type = head[offset]! & 0x7f
    const length = head.readUIntBE(offset + 1, 3)
    if (offset + 4 + length > head.length) return 'need-more'
    if (type !== FLAC_PICTURE) blocks.push({ type, body: head.subarray(offset + 4, offset + 4 + length) })
    offset += 4 + length
  }
  blocks.push({ type: FLAC_PICTURE, body: flacPictureBlock(cover) })
  const encoded = blocks.map(({ type, body }, index) => {
    const header = Buffer.alloc(4)
    header[0] = (index === blocks.length - 1 ? 0x80 : 0) | type
    header.writeUIntBE(body.length, 1, 3)
    return Buffer.concat([header, body])
  })
  return { metadata: Buffer.concat([Buffer.from('fLaC', 'latin1'), ...encoded]), audioStart: offset }
}
