import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseFile } from 'music-metadata'
import { toneWav } from '../support/audio'
import { type AudioTool, chooseAudioTool, describeAudioTool } from '../../src/audio/ffmpeg'
import { encodeMp3 } from '../../src/downloads/mp3-cache'
import { decodePeaks, UndecodableAudioError } from '../../src/player/decode-peaks'
import { isPeaks } from '../../src/player/peaks'

/**
 * The audio tool (src/audio/ffmpeg.ts): the system's ffmpeg when one runs, else FFmpeg as
 * WebAssembly from npm, so a machine with only Node and npm makes waveforms and MP3s too; either
 * way confined to the file it is given.
 */

let folder: string
/** A PATH with Node and nothing else, as on a machine without ffmpeg. */
let nodeOnly: string
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'audio-tool-'))
  nodeOnly = path.join(folder, 'bin')
  await mkdir(nodeOnly)
  await symlink(process.execPath, path.join(nodeOnly, 'node'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

const hidden = () => ({ FFMPEG_PATH: '/nonexistent/ffmpeg', PATH: nodeOnly })

let recordings: Promise<string[]> | undefined
/** A second of tone in each format of src/downloads/formats.ts but WAV, made once by the system ffmpeg. */
function recordingsInEveryFormat(): Promise<string[]> {
  recordings ??= (async () => {
    const source = path.join(folder, 'source.wav')
    await writeFile(source, toneWav([{ seconds: 1, amplitude: 0.8 }]))
    const system = chooseAudioTool(process.env)
    if (system.kind !== 'system') throw new Error('the system ffmpeg makes the files of this test')
    return ['flac', 'aiff', 'mp3', 'ogg', 'opus', 'm4a', 'aac', 'webm'].map((extension) => {
      const file = path.join(folder, `recording.${extension}`)
      expect(spawnSync(system.binary, ['-v', 'error', '-y', '-i', source, file]).status).toBe(0)
      return file
    })
  })()
  return recordings
}

describe('choosing the tool', () => {
  it('takes the system ffmpeg when one runs, and names its version and file', () => {
    const tool = chooseAudioTool(process.env)
    expect(tool).toMatchObject({ kind: 'system', version: expect.stringMatching(/^\d+\.\d+/) })
    expect(describeAudioTool(tool)).toMatch(/^Audio \(MP3 downloads, waveforms\): the system's ffmpeg \d+\.\d+\S* \(\/\S+ffmpeg\)\.$/)
  })

  it('with ffmpeg hidden (FFMPEG_PATH pointing nowhere, PATH without it) takes FFmpeg as WebAssembly and says why', () => {
    const tool = chooseAudioTool(hidden())
    expect(tool).toEqual({ kind: 'wasm', version: '0.12.10', passedOver: ['/nonexistent/ffmpeg does not run'] })
    expect(describeAudioTool(tool)).toBe(
      'Audio (MP3 downloads, waveforms): FFmpeg as WebAssembly from npm (@ffmpeg/core 0.12.10), 2 to 4 times the CPU time of a system ffmpeg (/nonexistent/ffmpeg does not run).',
    )
  })

  it('passes over an ffmpeg that cannot make MP3s', async () => {
    const noLame = path.join(folder, 'ffmpeg-without-lame')
    await writeFile(noLame, '#!/bin/sh\necho "ffmpeg version 9.9 Copyright"\necho "configuration: --enable-gpl"\n', { mode: 0o755 })
    expect(chooseAudioTool({ FFMPEG_PATH: noLame, PATH: nodeOnly })).toMatchObject({
      kind: 'wasm',
      passedOver: [`${noLame} has no MP3 encoder (libmp3lame)`],
    })
  })
})

describe.each<[string, () => AudioTool]>([
  ['the system ffmpeg', () => chooseAudioTool(process.env)],
  ['FFmpeg as WebAssembly (system ffmpeg hidden)', () => chooseAudioTool(hidden())],
])('%s', (_name, tool) => {
  it('decodes a WAV to its waveform: the loud half has the higher peaks', async () => {
    const file = path.join(folder, 'tone.wav')
    await writeFile(
      file,
      toneWav([
        { seconds: 2, amplitude: 0.8 },
        { seconds: 2, amplitude: 0.1 },
      ]),
    )
    const peaks = await decodePeaks(file, tool())
    expect(isPeaks(peaks)).toBe(true)
    expect(Math.min(...peaks.slice(0, 495))).toBeGreaterThan(240)
    expect(Math.max(...peaks.slice(505))).toBeLessThan(40)
  })

  it("encodes a WAV master as the download's MP3: 320 kbit/s, the master's length", async () => {
    const master = path.join(folder, 'master.wav')
    await writeFile(master, toneWav([{ seconds: 3, amplitude: 0.5 }]))
    const mp3 = path.join(folder, `master-${tool().kind}.mp3`)
    await encodeMp3(master, mp3, tool())
    const { format } = await parseFile(mp3)
    expect(format).toMatchObject({ container: 'MPEG', codec: 'MPEG 1 Layer 3', bitrate: 320_000, sampleRate: 44_100 })
    expect(format.duration).toBeGreaterThan(2.9)
    expect(format.duration).toBeLessThan(3.2)
  })

  it('decodes every format the uploads accept (a browser records WebM, Ogg or MP4), despite the list of allowed demuxers', async () => {
    for (const file of await recordingsInEveryFormat()) {
      const peaks = await decodePeaks(file, tool())
      expect([path.extname(file), Math.max(...peaks)]).toEqual([path.extname(file), 255])
    }
  }, 180_000)

  it('refuses a file that is no audio with UndecodableAudioError', async () => {
    const file = path.join(folder, 'broken.wav')
    await writeFile(file, Buffer.from('RIFF\0\0\0\0WAVE not really audio'))
    await expect(decodePeaks(file, tool())).rejects.toBeInstanceOf(UndecodableAudioError)
  })

  it('refuses a list of files disguised as a WAV: it reads no other file of the machine', async () => {
    // ffmpeg's concat demuxer would read the loud WAV beside it and draw its waveform (it refuses absolute names by itself).
    await writeFile(path.join(folder, 'loud.wav'), toneWav([{ seconds: 2, amplitude: 0.9 }]))
    const disguised = path.join(folder, 'recording.wav')
    await writeFile(disguised, 'ffconcat version 1.0\nfile loud.wav\n')
    await expect(decodePeaks(disguised, tool())).rejects.toBeInstanceOf(UndecodableAudioError)
  })
})
