import { spawn, spawnSync } from 'node:child_process'
import { accessSync, constants, readFileSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { setPriority } from 'node:os'
import path from 'node:path'
import { AUDIO_WORK_DIR } from '@/config/paths'

/**
 * The one home of the shop's audio tool, ffmpeg: which one runs, and how it is confined. It makes
 * the MP3 downloads (src/downloads/mp3-cache.ts) and decodes every new audio file for its waveform
 * (src/player/decode-peaks.ts), customers' recordings among them: untrusted files.
 *
 * The system's ffmpeg when one runs (FFMPEG_PATH, else `ffmpeg` on PATH) and can make MP3s: it is
 * the faster, and the distribution patches its decoders. Else FFmpeg compiled to WebAssembly from
 * the npm package @ffmpeg/core (ffmpeg-wasm-runner.mjs), so `npm install` alone gives every feature.
 */
export type AudioTool = { kind: 'system'; binary: string; version: string } | { kind: 'wasm'; version: string; passedOver: string[] }

/** In the arguments of runFfmpeg: where the input's private copy and the output go. */
export const FFMPEG_INPUT = '{input}'
export const FFMPEG_OUTPUT = '{output}'

/** The niceness ffmpeg runs at (0 is normal, 19 the lowest priority): background work gets the CPU the shop's requests leave over. */
const FFMPEG_NICENESS = 10

/**
 * The demuxers ffmpeg may use: those of the audio formats the uploads accept (src/downloads/formats.ts;
 * a browser's recording is WebM, Ogg or MP4). Playlists and lists of files (HLS, concat) are refused:
 * in a file disguised as audio they would make ffmpeg read other files of this machine.
 */
const AUDIO_DEMUXERS = 'wav,mp3,flac,ogg,mov,aac,aiff,matroska'

/** Run by Node beside this module; the server's working directory is the project's (scripts/lib/processes.ts). */
const WASM_RUNNER = path.join(/*turbopackIgnore: true*/ process.cwd(), 'src', 'audio', 'ffmpeg-wasm-runner.mjs')
const WASM_PACKAGE = path.join(/*turbopackIgnore: true*/ process.cwd(), 'node_modules', '@ffmpeg', 'core', 'package.json')

/** ffmpeg's environment: nothing of the shop's (its secrets, the database's address). */
const NO_ENVIRONMENT = {} as NodeJS.ProcessEnv

/** The directories of PATH that hold an executable `name`, in order. */
function onPath(name: string, searchPath: string | undefined): string[] {
  return (searchPath ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, name))
    .filter((file) => {
      try {
        accessSync(file, constants.X_OK)
        return true
      } catch {
        return false
      }
    })
}

/** The version of the ffmpeg at `binary`, or why it is passed over (it does not run, or cannot make MP3s). */
function systemFfmpegVersion(binary: string): { version: string } | { refused: string } {
  const probe = spawnSync(binary, ['-hide_banner', '-version'], { encoding: 'utf8', timeout: 10_000, env: NO_ENVIRONMENT })
  if (probe.status !== 0) return { refused: `${binary} does not run` }
  if (!probe.stdout.includes('--enable-libmp3lame')) return { refused: `${binary} has no MP3 encoder (libmp3lame)` }
  return { version: /^ffmpeg version (\S+)/.exec(probe.stdout)?.[1] ?? 'of unknown version' }
}

/** Picks the tool from `env` (FFMPEG_PATH, PATH). */
export function chooseAudioTool(env: Record<string, string | undefined> = process.env): AudioTool {
  const candidates = [...(env.FFMPEG_PATH ? [env.FFMPEG_PATH] : []), ...onPath('ffmpeg', env.PATH)]
  const passedOver: string[] = []
  for (const binary of new Set(candidates)) {
    const probe = systemFfmpegVersion(binary)
    if ('version' in probe) return { kind: 'system', binary, version: probe.version }
    passedOver.push(probe.refused)
  }
  const { version } = JSON.parse(readFileSync(WASM_PACKAGE, 'utf8')) as { version: string }
  return { kind: 'wasm', version, passedOver }
}

let chosen: AudioTool | undefined

/** The tool this process uses, chosen once from the environment. */
export function audioTool(): AudioTool {
  chosen ??= chooseAudioTool()
  return chosen
}

/** One line for the start: which ffmpeg makes the MP3s and waveforms. */
export function describeAudioTool(tool: AudioTool): string {
  if (tool.kind === 'system') return `Audio (MP3 downloads, waveforms): the system's ffmpeg ${tool.version} (${tool.binary}).`
  const why = tool.passedOver.length ? tool.passedOver.join('; ') : 'no ffmpeg on PATH'
  return `Audio (MP3 downloads, waveforms): FFmpeg as WebAssembly from npm (@ffmpeg/core ${tool.version}), 2 to 4 times the CPU time of a system ffmpeg (${why}).`
}

/** ffmpeg did not finish: `exitCode` when it refused the input, `signal` when it was ended (the time limit); `output` is its last words. */
export class FfmpegFailure extends Error {
  constructor(
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
    readonly output: string,
  ) {
    super(`ffmpeg failed (${signal ?? `exit ${exitCode}`}): ${output}`)
  }
}

export type FfmpegRun = {
  /** The file to read: ffmpeg gets a private copy of it. */
  input: string
  /** The file to write, or 'stdout' for onStdout. */
  output: string
  /** ffmpeg's arguments after the common ones, with FFMPEG_INPUT and FFMPEG_OUTPUT for the files. */
  args: string[]
  timeoutMs: number
  onStdout?: (chunk: Buffer) => void
  tool?: AudioTool
}

/**
 * Runs the audio tool confined: on a private copy of the input (it never sees the stored file, its
 * folder, or a file that changes meanwhile), with the audio demuxers and local files only (no
 * network, no playlists), without the shop's environment (no secrets), at low priority, ended after
 * `timeoutMs`. Rejects with FfmpegFailure and ffmpeg's last words.
 */
export async function runFfmpeg({ input, output, args, timeoutMs, onStdout, tool = audioTool() }: FfmpegRun): Promise<void> {
  await mkdir(AUDIO_WORK_DIR, { recursive: true })
  const folder = await mkdtemp(path.join(AUDIO_WORK_DIR, 'ffmpeg-'))
  try {
    const copy = path.join(folder, `input${path.extname(input).toLowerCase()}`)
    await copyFile(input, copy)
    const common = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-protocol_whitelist', 'file,pipe', '-format_whitelist', AUDIO_DEMUXERS]
    const toStdout = output === 'stdout'
    const [command, commandArgs]: [string, string[]] =
      tool.kind === 'system'
        ? [tool.binary, [...common, ...args].map((arg) => (arg === FFMPEG_INPUT ? copy : arg === FFMPEG_OUTPUT ? (toStdout ? 'pipe:1' : output) : arg))]
        : [process.execPath, [WASM_RUNNER, copy, toStdout ? '-' : output, ...common, ...args]]
    await new Promise<void>((resolve, reject) => {
      // turbopackIgnore: the binary is found at run time; the build need not trace a path for it.
      const child = spawn(/*turbopackIgnore: true*/ command, commandArgs, {
        stdio: ['ignore', toStdout ? 'pipe' : 'ignore', 'pipe'],
        env: NO_ENVIRONMENT,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
      })
      if (child.pid !== undefined) setPriority(child.pid, FFMPEG_NICENESS)
      if (onStdout) child.stdout?.on('data', onStdout)
      let errors = ''
      child.stderr?.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-2000)
      })
      child.on('error', reject)
      child.on('close', (code, signal) => {
        if (code === 0) resolve()
        else reject(new FfmpegFailure(code, signal, errors.trim()))
      })
    })
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
