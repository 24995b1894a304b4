/** Real audio bytes for upload tests, made here rather than kept as binary fixtures. */

/** Quiet 8 kHz mono 16-bit PCM: a real WAV that content sniffing and Payload's upload check accept. */
export function silentWav(seconds = 1): Buffer {
  const dataSize = Math.round(8000 * seconds) * 2
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + dataSize, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(8000, 24)
  header.writeUInt32LE(16000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(dataSize, 40)
  return Buffer.concat([header, Buffer.alloc(dataSize)])
}

/** An EBML element: id, size as a one-byte variable-length integer, then the payload. */
const ebml = (id: number[], payload: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | payload.length]), payload])

/**
 * The start of a WebM file as a browser's MediaRecorder writes it (EBML header with DocType
 * "webm", then the Segment, whose size is unknown while recording), followed by filler.
 */
export function webmRecordingStart(): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x86], Buffer.from([1])), // EBMLVersion
      ebml([0x42, 0xf7], Buffer.from([1])), // EBMLReadVersion
      ebml([0x42, 0xf2], Buffer.from([4])), // EBMLMaxIDLength
      ebml([0x42, 0xf3], Buffer.from([8])), // EBMLMaxSizeLength
      ebml([0x42, 0x82], Buffer.from('webm')), // DocType
      ebml([0x42, 0x87], Buffer.from([4])), // DocTypeVersion
      ebml([0x42, 0x85], Buffer.from([2])), // DocTypeReadVersion
    ]),
  )
  const segmentOfUnknownSize = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
  return Buffer.concat([header, segmentOfUnknownSize, Buffer.alloc(512)])
}

/**
 * An 8 kHz mono 16-bit WAV of a 440 Hz sine in parts of their own loudness (`amplitude` 0..1 of
 * full scale), e.g. a loud half and a quiet half, for tests of the waveform.
 */
export function toneWav(parts: { seconds: number; amplitude: number }[]): Buffer {
  const samples = parts.flatMap(({ seconds, amplitude }) =>
    Array.from({ length: Math.round(8000 * seconds) }, (_, index) => Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * 440 * index) / 8000))),
  )
  const wav = silentWav(samples.length / 8000)
  samples.forEach((sample, index) => wav.writeInt16LE(sample, 44 + 2 * index))
  return wav
}
