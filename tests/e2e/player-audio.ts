import type { Page } from '@playwright/test'
import { toneWav } from '../support/audio'
import { expect } from './support'

/**
 * Helpers of the player's sound tests (issue 34): the seeded album played with tones made here in
 * place of its MP3s (a steady 440 Hz sine: its loudness is the gain, its silences are gaps; an MP3
 * also carries its encoder's padding), and the page's audio output read back through Web Audio.
 */

export const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1)
export const audioPaused = (page: Page) => page.evaluate(() => document.querySelector('audio')?.paused ?? true)

/**
 * Every MP3 the page asks for is answered with a steady tone of `seconds`, in byte ranges as the
 * shop's media route answers them (without ranges a browser cannot seek in the file), each answer
 * after `latencyMs` (a phone's round trip: what a player that fetches the next track only when
 * the current one has ended leaves as silence).
 */
export async function playTonesForTracks(page: Page, seconds: number, latencyMs = 0) {
  const tone = toneWav([{ seconds, amplitude: 0.5 }])
  await page.route(/\.mp3(\?|$)/, async (route) => {
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))
    const range = /^bytes=(\d+)-(\d*)$/.exec(route.request().headers()['range'] ?? '')
    if (!range) return route.fulfill({ status: 200, contentType: 'audio/wav', headers: { 'Accept-Ranges': 'bytes' }, body: tone })
    const start = Number(range[1])
    const end = range[2] ? Math.min(Number(range[2]), tone.length - 1) : tone.length - 1
    return route.fulfill({
      status: 206,
      contentType: 'audio/wav',
      headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes ${start}-${end}/${tone.length}` },
      body: tone.subarray(start, end + 1),
    })
  })
}

/** Opens the first album and plays it all; returns the player region, the album's titles and the title shown. */
export async function playFirstAlbum(page: Page) {
  await page.goto('/music')
  await page.getByRole('tabpanel').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/music-group\/\d+/)
  await expect(page.getByRole('table')).toBeVisible()
  const titles = (await page.getByRole('table').locator('tbody tr td:nth-child(2)').allInnerTexts()).map((title) => title.trim())
  await page.getByRole('button', { name: 'Alle abspielen' }).click()
  const player = page.getByRole('region', { name: 'Audioplayer' })
  await expect(player).toBeVisible()
  await expect.poll(() => audioTime(page), { timeout: 15000 }).toBeGreaterThan(0.3)
  return { player, titles, title: player.getByTestId('player-title') }
}

declare global {
  interface Window {
    /** The loudness (RMS) of what the page sends to the speakers now, on its AudioContext's clock. */
    outputLevel?: () => { time: number; rms: number } | null
    /** Silences inside the page's audio output (ms), after the first sound; and how much sound was heard (s). */
    outputSilences?: () => { silences: number[]; heard: number }
  }
}

/**
 * Taps whatever the page connects to its speakers (the player's fade gain) with an analyser, so a
 * test reads the loudness that comes out, not a value the player reports about itself.
 */
export async function tapTheSpeakers(page: Page) {
  await page.addInitScript(() => {
    const connect = AudioNode.prototype.connect as (this: AudioNode, target: AudioNode, ...rest: number[]) => AudioNode
    let tap: { context: BaseAudioContext; analyser: AnalyserNode } | null = null
    AudioNode.prototype.connect = function (this: AudioNode, target: AudioNode | AudioParam, ...rest: number[]) {
      if (target instanceof AudioDestinationNode && !tap) {
        const analyser = this.context.createAnalyser()
        analyser.fftSize = 2048
        connect.call(this, analyser)
        tap = { context: this.context, analyser }
      }
      return (connect as (...args: unknown[]) => AudioNode).call(this, target, ...rest)
    } as typeof AudioNode.prototype.connect
    window.outputLevel = () => {
      if (!tap) return null
      const samples = new Float32Array(tap.analyser.fftSize)
      tap.analyser.getFloatTimeDomainData(samples)
      return { time: tap.context.currentTime, rms: Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length) }
    }
  })
}

/**
 * Records every audio element's output, sample by sample, through an AudioContext of the test's
 * own (the elements play through it to the speakers as before): a silence is a run of samples
 * quieter than 1 % of full scale lasting over 1 ms (a sine crosses zero in one sample), counted
 * from the last loud sample before it to the first loud sample after it.
 */
export async function recordTheOutput(page: Page) {
  await page.addInitScript(() => {
    const context = new AudioContext()
    const recorder = context.createScriptProcessor(1024, 1, 1)
    const silences: number[] = []
    let [sample, quietSince, loud] = [0, -1, 0]
    recorder.onaudioprocess = (event) => {
      const input = event.inputBuffer.getChannelData(0)
      for (let index = 0; index < input.length; index++, sample++) {
        if (Math.abs(input[index]!) >= 0.01) {
          if (quietSince >= 0 && loud > 0 && sample - quietSince > context.sampleRate / 1000) silences.push(((sample - quietSince) / context.sampleRate) * 1000)
          quietSince = -1
          loud++
        } else if (quietSince < 0) quietSince = sample
      }
    }
    recorder.connect(context.destination)
    const routed = new WeakSet<HTMLMediaElement>()
    const route = (element: HTMLMediaElement) => {
      if (routed.has(element)) return
      routed.add(element)
      context.createMediaElementSource(element).connect(recorder)
    }
    // As soon as an element loads (media events do not bubble, but pass the document while capturing).
    document.addEventListener('loadstart', (event) => event.target instanceof HTMLMediaElement && route(event.target), true)
    const play = HTMLMediaElement.prototype.play
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      route(this)
      void context.resume()
      return play.call(this)
    }
    window.outputSilences = () => ({ silences: [...silences], heard: loud / context.sampleRate })
  })
}
