import { spawnSync } from 'node:child_process'
import { Mp3Encoder } from '@breezystack/lamejs'
import { audioTool } from '../../src/audio/ffmpeg'
import { seededRandom, type Random } from './random'

/**
 * Calm ambient music made from numbers alone: slow pads of detuned oscillators over a drone,
 * an occasional bell, water or wind from filtered noise, a reverb for space. Everything is
 * deterministic, so the same parameters always give the same file (see media-cache.ts).
 */

/**
 * Mono at 22.05 kHz and 64 kbps: the pads, bells and noise stay well below 11 kHz, and lamejs
 * encodes stereo as two separate channels (no joint stereo), which would double the encoding
 * time (the seed must stay quick) or halve the bits per channel.
 */
const SAMPLE_RATE = 22050
const MP3_KBPS = 64
/** Peak level of the finished track: −3 dBFS. */
const PEAK = 10 ** (-3 / 20)
/** Envelopes, filters and LFOs change this often (≈3 ms); far too slow to hear steps. */
const BLOCK = 64

/** The notes of one chord in semitones above (or below) the key's tonic. */
export type Chord = readonly number[]

type Texture = 'waves' | 'wind' | 'none'

export type TrackSound = {
  /** Any text; decides the bells' melody, the noise and the slow movements. */
  seed: string
  seconds: number
  /** MIDI note of the tonic in the pads' register, about 50–60 (60 = C4). */
  tonic: number
  /** Played in a loop; the track ends on the first chord. */
  progression: readonly Chord[]
  chordSeconds: number
  /** 0: pure sines (glassy), 1: rounder, organ-like with second and third harmonics. */
  warmth: number
  /** Cut-off of the pads' low-pass filter in Hz: lower is darker. */
  brightness: number
  /** Bell phrases per minute; 0 for none. */
  bells: number
  texture: Texture
  /** Share of reverb, 0–1. */
  space: number
}

const hertz = (midi: number) => 440 * 2 ** ((midi - 69) / 12)

/** 0 → 1 along half a cosine: a soft start or end without a click. */
const smoothStep = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : 0.5 - 0.5 * Math.cos(Math.PI * x))

type Voice = {
  hz: number
  gain: number
  warmth: number
  from: number
  to: number
  /** Gain at a sample position, evaluated once per block. */
  envelope: (sample: number) => number
}

/**
 * One oscillator, added into `out`. The sine comes from a rotating phasor (two multiplications
 * a sample instead of Math.sin); its second and third harmonics from the same phasor.
 */
function addVoice(out: Float32Array, voice: Voice, phase: number): void {
  const step = (2 * Math.PI * voice.hz) / SAMPLE_RATE
  const [cosStep, sinStep] = [Math.cos(step), Math.sin(step)]
  let [c, s] = [Math.cos(phase), Math.sin(phase)]
  const second = 0.35 * voice.warmth
  const third = 0.18 * voice.warmth
  const end = Math.min(voice.to, out.length)
  let gain = voice.envelope(voice.from) * voice.gain
  for (let blockStart = voice.from; blockStart < end; blockStart += BLOCK) {
    const blockEnd = Math.min(blockStart + BLOCK, end)
    const target = voice.envelope(blockEnd) * voice.gain
    const gainStep = (target - gain) / (blockEnd - blockStart)
    for (let n = blockStart; n < blockEnd; n++) {
      out[n]! += (s + second * 2 * s * c + third * (3 * s - 4 * s * s * s)) * gain
      const nextC = c * cosStep - s * sinStep
      s = s * cosStep + c * sinStep
      c = nextC
      gain += gainStep
    }
    // Keep the phasor on the unit circle despite rounding.
    const length = Math.hypot(c, s)
    c /= length
    s /= length
    gain = target
  }
}

/** A slow wobble around 1, so that held notes breathe. */
const shimmer = (random: Random, depth: number) => {
  const rate = random.between(0.05, 0.16)
  const offset = random.between(0, 2 * Math.PI)
  return (sample: number) => 1 + depth * Math.sin((2 * Math.PI * rate * sample) / SAMPLE_RATE + offset)
}

/** The chords one after the other, each fading in while the one before fades out. */
function renderPads(sound: TrackSound, length: number, chords: readonly Chord[], random: Random): Float32Array {
  const out = new Float32Array(length)
  const chordLength = Math.round(sound.chordSeconds * SAMPLE_RATE)
  const attack = chordLength * 0.4
  const release = chordLength * 0.5
  chords.forEach((chord, index) => {
    const start = index * chordLength
    const isLast = index === chords.length - 1
    const end = isLast ? length : start + chordLength
    for (const interval of chord) {
      // Low notes a little louder, high ones softer, as in an acoustic ensemble.
      const gain = (0.2 / Math.sqrt(chord.length)) * Math.min(1.25, Math.max(0.6, 1 - interval * 0.018))
      // Two oscillators a few cents apart beat slowly against each other: the chorus of a pad.
      for (const detune of [-1, 1]) {
        const breathe = shimmer(random, 0.15)
        const envelope = (sample: number) => {
          const rise = index === 0 ? 1 : smoothStep((sample - start) / attack)
          const fall = isLast ? 1 : 1 - smoothStep((sample - end) / release)
          return rise * fall * breathe(sample)
        }
        addVoice(
          out,
          {
            hz: hertz(sound.tonic + interval) * 2 ** ((detune * random.between(3, 7)) / 1200),
            gain,
            warmth: sound.warmth,
            from: start,
            to: isLast ? length : Math.ceil(end + release),
            envelope,
          },
          random.between(0, 2 * Math.PI),
        )
      }
    }
  })
  // The drone: tonic and fifth two octaves below the pads, swelling very slowly.
  for (const [interval, gain] of [
    [-24, 0.13],
    [-17, 0.045],
  ] as const) {
    const breathe = shimmer(random, 0.25)
    addVoice(out, { hz: hertz(sound.tonic + interval), gain, warmth: 0.5, from: 0, to: length, envelope: breathe }, 0)
  }
  return out
}

/** Two one-pole low-passes in a row whose cut-off drifts, so the pads seem to open and close. */
function lowPass(signal: Float32Array, cutoff: (sample: number) => number): void {
  let [first, second] = [0, 0]
  for (let blockStart = 0; blockStart < signal.length; blockStart += BLOCK) {
    const a = 1 - Math.exp((-2 * Math.PI * cutoff(blockStart)) / SAMPLE_RATE)
    const blockEnd = Math.min(blockStart + BLOCK, signal.length)
    for (let n = blockStart; n < blockEnd; n++) {
      first += a * (signal[n]! - first)
      second += a * (first - second)
      signal[n] = second
    }
  }
}

/** Short phrases of one to three soft bell notes taken from the chord that sounds at the time. */
function renderBells(sound: TrackSound, length: number, chords: readonly Chord[], random: Random): Float32Array {
  const out = new Float32Array(length)
  const phrases = Math.round((sound.bells * sound.seconds) / 60)
  const chordLength = sound.chordSeconds * SAMPLE_RATE
  // One phrase somewhere in each of equal stretches between the fade-in and the fade-out.
  const stretch = (sound.seconds - 13) / Math.max(1, phrases)
  for (let p = 0; p < phrases; p++) {
    let time = (4 + stretch * (p + random.between(0.1, 0.9))) * SAMPLE_RATE
    const chord = chords[Math.min(chords.length - 1, Math.floor(time / chordLength))]!
    const notes = 1 + Math.floor(random.next() * 3)
    let degree = Math.floor(random.next() * chord.length)
    for (let i = 0; i < notes; i++) {
      let note = sound.tonic + chord[degree % chord.length]!
      while (note < 74) note += 12
      const decay = random.between(1.2, 1.9) * SAMPLE_RATE
      const from = Math.round(time)
      const to = Math.min(length, from + Math.round(decay * 6))
      // A fundamental with a quieter octave and a slightly inharmonic partial: glass or a bowl.
      for (const [ratio, level, fade] of [
        [1, 0.08, 1],
        [2, 0.024, 0.5],
        [2.76, 0.009, 0.3],
      ] as const) {
        const envelope = (sample: number) => Math.min(1, (sample - from) / 200) * Math.exp(-(sample - from) / (decay * fade))
        addVoice(out, { hz: hertz(note) * ratio, gain: level * random.between(0.7, 1), warmth: 0, from, to, envelope }, 0)
      }
      time += random.between(0.35, 0.75) * SAMPLE_RATE
      degree += 1 + Math.floor(random.next() * 2)
    }
  }
  return out
}

/** Echoes that fade away, for the bells. */
function echo(signal: Float32Array, seconds: number, feedback: number, wet: number): void {
  const buffer = new Float32Array(Math.round(seconds * SAMPLE_RATE))
  for (let n = 0, index = 0; n < signal.length; n++, index = index + 1 === buffer.length ? 0 : index + 1) {
    const delayed = buffer[index]!
    buffer[index] = signal[n]! + feedback * delayed
    signal[n]! += wet * delayed
  }
}

/** Surf: low-passed noise that swells and recedes every seven to eleven seconds, brighter at the crest. */
function renderWaves(length: number, random: Random): Float32Array {
  const out = new Float32Array(length)
  let [waveStart, waveLength, waveHeight] = [0, random.between(7, 11) * SAMPLE_RATE, random.between(0.6, 1)]
  let [first, second] = [0, 0]
  for (let blockStart = 0; blockStart < length; blockStart += BLOCK) {
    if (blockStart - waveStart >= waveLength) {
      waveStart += waveLength
      waveLength = random.between(7, 11) * SAMPLE_RATE
      waveHeight = random.between(0.6, 1)
    }
    const phase = (blockStart - waveStart) / waveLength
    // Quick rise, long fall, never quite silent.
    const swell = waveHeight * (phase < 0.3 ? smoothStep(phase / 0.3) : 1 - smoothStep((phase - 0.3) / 0.7))
    const level = 0.18 * (0.18 + 0.82 * swell)
    const a = 1 - Math.exp((-2 * Math.PI * (250 + 1100 * swell)) / SAMPLE_RATE)
    const blockEnd = Math.min(blockStart + BLOCK, length)
    for (let n = blockStart; n < blockEnd; n++) {
      first += a * (random.next() * 2 - 1 - first)
      second += a * (first - second)
      out[n] = second * level
    }
  }
  return out
}

/** Wind: noise through a band-pass (a state-variable filter) whose centre and strength wander slowly. */
function renderWind(length: number, random: Random): Float32Array {
  const out = new Float32Array(length)
  const [driftA, driftB, gust] = [random.between(0, 6.3), random.between(0, 6.3), random.between(0, 6.3)]
  const damping = 0.5
  let [low, band] = [0, 0]
  for (let blockStart = 0; blockStart < length; blockStart += BLOCK) {
    const t = blockStart / SAMPLE_RATE
    const centre = 420 + 220 * Math.sin((2 * Math.PI * t) / 13 + driftA) + 90 * Math.sin((2 * Math.PI * t) / 5.3 + driftB)
    const level = 0.05 * (0.45 + 0.55 * smoothStep(0.5 + 0.5 * Math.sin((2 * Math.PI * t) / 17 + gust)))
    const f = 2 * Math.sin((Math.PI * centre) / SAMPLE_RATE)
    const blockEnd = Math.min(blockStart + BLOCK, length)
    for (let n = blockStart; n < blockEnd; n++) {
      const high = random.next() * 2 - 1 - low - damping * band
      band += f * high
      low += f * band
      out[n] = band * level
    }
  }
  return out
}

/** Freeverb's tuning (in samples at 44.1 kHz): eight parallel combs, then four all-passes. */
const COMBS = [1116, 1188, 1277, 1356, 1422, 1491, 1557, 1617]
const ALLPASSES = [556, 441, 341, 225]

/** A Schroeder–Moorer reverb (Freeverb, one channel); returns only the reverberated sound. */
function reverb(input: Float32Array, roomSize: number, damping: number): Float32Array {
  const length = input.length
  const feedback = 0.7 + 0.28 * roomSize
  const scale = SAMPLE_RATE / 44100
  const out = new Float32Array(length)
  for (const tuning of COMBS) {
    const buffer = new Float32Array(Math.round(tuning * scale))
    let [index, store] = [0, 0]
    for (let n = 0; n < length; n++) {
      const delayed = buffer[index]!
      store = delayed * (1 - damping) + store * damping
      buffer[index] = input[n]! * 0.015 + store * feedback
      if (++index === buffer.length) index = 0
      out[n]! += delayed
    }
  }
  for (const tuning of ALLPASSES) {
    const buffer = new Float32Array(Math.round(tuning * scale))
    let index = 0
    for (let n = 0; n < length; n++) {
      const delayed = buffer[index]!
      buffer[index] = out[n]! + delayed * 0.5
      out[n] = delayed - out[n]!
      if (++index === buffer.length) index = 0
    }
  }
  return out
}

/** The progression looped to fill the track, ending at home on the first chord. */
function chordSequence(sound: TrackSound): Chord[] {
  const count = Math.max(2, Math.ceil(sound.seconds / sound.chordSeconds))
  const chords = Array.from({ length: count - 1 }, (_, i) => sound.progression[i % sound.progression.length]!)
  return [...chords, sound.progression[0]!]
}

/** The finished track as floating-point samples at SAMPLE_RATE, peaking at −3 dBFS. */
export function synthesize(sound: TrackSound): Float32Array {
  const random = seededRandom(sound.seed)
  const length = Math.round(sound.seconds * SAMPLE_RATE)
  const chords = chordSequence(sound)

  const pads = renderPads(sound, length, chords, random)
  const drift = random.between(0, 2 * Math.PI)
  lowPass(pads, (sample) => sound.brightness * (0.8 + 0.2 * Math.sin((2 * Math.PI * sample) / (23 * SAMPLE_RATE) + drift)))
  const bells = renderBells(sound, length, chords, random)
  echo(bells, random.between(0.33, 0.48), 0.38, 0.45)
  const texture = sound.texture === 'waves' ? renderWaves(length, random) : sound.texture === 'wind' ? renderWind(length, random) : null

  const send = new Float32Array(length)
  for (let n = 0; n < length; n++) send[n] = pads[n]! + bells[n]! + (texture ? 0.3 * texture[n]! : 0)
  const room = reverb(send, 0.6 + 0.35 * sound.space, 0.35)

  const out = new Float32Array(length)
  const dry = 1 - 0.45 * sound.space
  const wet = 3 * sound.space
  const fadeIn = 3 * SAMPLE_RATE
  const fadeOut = Math.min(7, sound.seconds * 0.15) * SAMPLE_RATE
  let peak = 0
  for (let n = 0; n < length; n++) {
    const fade = smoothStep(n / fadeIn) * smoothStep((length - n) / fadeOut)
    out[n] = (dry * (pads[n]! + bells[n]!) + (texture ? texture[n]! : 0) + wet * room[n]!) * fade
    peak = Math.max(peak, Math.abs(out[n]!))
  }
  const gain = PEAK / peak
  for (let n = 0; n < length; n++) out[n]! *= gain
  return out
}

/**
 * The samples as a constant-bit-rate MP3: by the system's ffmpeg when there is one (it encodes a
 * track about ten times faster than lamejs, which made up most of a fresh seed's time), else by
 * lamejs. Our own samples, not an upload: they need none of src/audio/ffmpeg.ts's confinement.
 */
export function encodeMp3(samples: Float32Array): Buffer {
  const tool = audioTool()
  if (tool.kind !== 'system') return encodeMp3ByLamejs(samples)
  const byFfmpeg = spawnSync(
    tool.binary,
    ['-hide_banner', '-loglevel', 'error', '-f', 'wav', '-i', 'pipe:0', '-codec:a', 'libmp3lame', '-b:a', `${MP3_KBPS}k`, '-f', 'mp3', 'pipe:1'],
    { input: encodeWav(samples), maxBuffer: 64 * 1024 * 1024 },
  )
  if (byFfmpeg.status === 0 && byFfmpeg.stdout.length > 0) return byFfmpeg.stdout
  return encodeMp3ByLamejs(samples)
}

function encodeMp3ByLamejs(samples: Float32Array): Buffer {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, MP3_KBPS)
  const pcm = Int16Array.from(samples, (value) => Math.round(value * 32767))
  const frames: Buffer[] = []
  // lamejs hands out Int8Arrays (despite its typings); view them as bytes.
  const keep = (frame: ArrayBufferView) => frames.push(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength))
  for (let start = 0; start < pcm.length; start += 1152) keep(encoder.encodeBuffer(pcm.subarray(start, start + 1152)))
  keep(encoder.flush())
  return Buffer.concat(frames)
}

/** The samples as a 16-bit PCM WAV: a lossless master, as the seller delivers one. */
export function encodeWav(samples: Float32Array): Buffer {
  const dataSize = samples.length * 2
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + dataSize, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(SAMPLE_RATE, 24)
  header.writeUInt32LE(SAMPLE_RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(dataSize, 40)
  const pcm = Buffer.alloc(dataSize)
  samples.forEach((value, index) => pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(value * 32767))), index * 2))
  return Buffer.concat([header, pcm])
}
