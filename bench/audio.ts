/**
 * `npm run bench:audio`: what the player waits for. Against a throw-away production shop
 * (bench/lib/shop.ts), on loopback, for the first catalog track:
 *  - time to first byte (response headers) of Range requests as a player sends them when it
 *    starts and seeks, one after another over a kept-alive connection;
 *  - the bytes a seek costs: a seek asks for `bytes=N-` (the rest of the file); a player reads
 *    what it needs and hangs up, and the server should stop sending then. Counted on the
 *    server's side: the bytes its process wrote meanwhile (/proc/<pid>/io, wchar).
 * Target (issue 11): first byte under 20 ms.
 */
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { withShop } from './lib/shop'

const SAMPLES = Number(process.env.BENCH_SAMPLES || 200)
const TARGET_TTFB_MS = 20
/** What a player reads after a seek before it has enough buffered (here: 64 KB). */
const PLAYER_READS = 64 * 1024

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

type Answer = { status: number; headers: http.IncomingHttpHeaders; ttfbMs: number; bodyBytes: number }

/** One GET with a Range header; reads the whole body, or hangs up after `readAtMost` bytes. */
function rangeRequest(url: string, range: string, readAtMost = Infinity): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    const request = http.get(url, { agent: readAtMost === Infinity ? agent : undefined, headers: { Range: range } }, (response) => {
      const ttfbMs = Number(process.hrtime.bigint() - started) / 1e6
      let bodyBytes = 0
      const done = () => resolve({ status: response.statusCode ?? 0, headers: response.headers, ttfbMs, bodyBytes })
      response.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length
        if (bodyBytes >= readAtMost) {
          response.destroy()
          done()
        }
      })
      response.on('end', done)
      response.on('error', (error) => (bodyBytes >= readAtMost ? done() : reject(error)))
    })
    request.on('error', reject)
  })
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
const ms = (value: number) => `${value.toFixed(1)} ms`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

/** Bytes a process has handed to write-like system calls (files and sockets) so far. */
const bytesWritten = (pid: number) => Number(/wchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1])

await withShop(async ({ baseUrl, pid }) => {
  const tracks = (await (await fetch(`${baseUrl}/api/music/tracks/`)).json()) as { title: string; audio: string | null }[]
  const track = tracks.find((candidate) => candidate.audio)
  if (!track?.audio) throw new Error('The demo content has no playable track.')
  const url = baseUrl + track.audio
  const probe = await rangeRequest(url, 'bytes=0-0')
  const size = Number(/\/(\d+)$/.exec(String(probe.headers['content-range']))?.[1])
  if (probe.status !== 206 || !size) throw new Error(`A Range request for ${track.audio} answered ${probe.status}`)

  // Start (bytes=0-), probe of the end (as Safari and Chrome do for some formats), seeks across the file.
  const ranges = (i: number) => {
    const offset = Math.floor((((i * 37) % 100) / 100) * size)
    return i % 3 === 0 ? 'bytes=0-1' : i % 3 === 1 ? `bytes=${offset}-${Math.min(size - 1, offset + 65535)}` : `bytes=-${Math.min(size, 8192)}`
  }
  for (let i = 0; i < 10; i++) await rangeRequest(url, ranges(i)) // warm-up
  const ttfb: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const answer = await rangeRequest(url, ranges(i))
    if (answer.status !== 206) throw new Error(`${ranges(i)} answered ${answer.status}`)
    ttfb.push(answer.ttfbMs)
  }
  ttfb.sort((a, b) => a - b)

  const seekOffset = Math.floor(size / 2)
  const before = bytesWritten(pid)
  const seek = await rangeRequest(url, `bytes=${seekOffset}-`, PLAYER_READS)
  await sleep(500)
  const sent = bytesWritten(pid) - before

  console.log(`\nTrack "${track.title}" (${track.audio}), ${(size / 1024).toFixed(0)} KB.`)
  console.log(`Time to first byte of ${SAMPLES} Range requests (kept-alive connection, one at a time):`)
  console.log(`  p50 ${ms(percentile(ttfb, 50))}, p95 ${ms(percentile(ttfb, 95))}, p99 ${ms(percentile(ttfb, 99))}, max ${ms(ttfb.at(-1)!)}`)
  console.log(
    `Seek to the middle (Range: bytes=${seekOffset}-): ${seek.status}, Content-Range ${seek.headers['content-range']}, ` +
      `${kb(size - seekOffset)} offered (the rest of the ${kb(size)} file).`,
  )
  console.log(`  The player read ${kb(seek.bodyBytes)} and hung up; the server wrote ${kb(sent)} in all meanwhile.`)
  console.log(`Target: first byte under ${TARGET_TTFB_MS} ms (p99): ${percentile(ttfb, 99) < TARGET_TTFB_MS ? 'ok' : 'MISSED'}`)
  agent.destroy()
})
