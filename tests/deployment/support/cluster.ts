/**
 * The cluster of the cluster test (issue 20): Debian's PostgreSQL 15, two shop instances sharing
 * their files, HAProxy in front (scripts/lib/cluster), with a mail catcher of its own so that every
 * mail the two send can be counted, and ffmpeg behind a wrapper that counts its runs.
 */
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { type Cluster, startCluster } from '../../../scripts/lib/cluster/cluster'
import { INSTANCE_HEADER } from '../../../scripts/lib/cluster/haproxy'
import { type CaughtMail, startSmtpCatcher } from '../../support/smtp-catcher'
import { restoreSeededCopy } from './seeded-copy'
import { scratchFolder } from './shop'

export type Answer = { status: number; instance: string; headers: http.IncomingHttpHeaders; body: Buffer; json: () => any }

/**
 * One HTTP request from the loopback address `from` (the TCP peer the balancer sees and appends to
 * X-Forwarded-For), answered whole; `instance` is the shop instance the balancer chose.
 */
export function send(
  url: string,
  { method = 'GET', headers = {}, body, from = '127.0.0.1' }: { method?: string; headers?: Record<string, string>; body?: Buffer | string; from?: string } = {},
): Promise<Answer> {
  const payload = typeof body === 'string' ? Buffer.from(body) : body
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, localAddress: from, headers: { ...headers, ...(payload ? { 'content-length': String(payload.length) } : {}) }, agent: false },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          const whole = Buffer.concat(chunks)
          resolve({
            status: response.statusCode ?? 0,
            instance: String(response.headers[INSTANCE_HEADER] ?? ''),
            headers: response.headers,
            body: whole,
            json: () => JSON.parse(whole.toString()),
          })
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

export type TestCluster = Cluster & {
  /** Every mail the two instances sent so far. */
  mails: () => CaughtMail[]
  /** How often ffmpeg made an MP3 (of a delivered song). */
  mp3Encodes: () => number
  close: () => Promise<void>
}

/**
 * Starts the cluster in a scratch folder: the database is Debian's PostgreSQL (the shared test
 * shop's DATABASE_URL is not passed on), mails go to a catcher of its own polled every second.
 */
export async function startTestCluster(options: { throughPgbouncer?: string[] } = {}): Promise<TestCluster> {
  const scratch = scratchFolder('cluster')
  const catcherDir = path.join(scratch.dir, 'mails')
  const catcher = await startSmtpCatcher(catcherDir)
  const ffmpegLog = path.join(scratch.dir, 'ffmpeg-runs.log')
  writeFileSync(ffmpegLog, '')
  const wrapperDir = path.join(scratch.dir, 'bin')
  mkdirSync(wrapperDir)
  const ffmpeg = path.join(wrapperDir, 'ffmpeg')
  // One line per run with its arguments: the MP3 encodes are told from the waveform's decodes.
  writeFileSync(ffmpeg, `#!/bin/sh\necho "$*" >> '${ffmpegLog}'\nexec ${process.env.FFMPEG_PATH || 'ffmpeg'} "$@"\n`)
  chmodSync(ffmpeg, 0o755)
  const { DATABASE_URL: _sharedDatabase, ...inherited } = process.env
  try {
    const cluster = await startCluster({
      dir: scratch.dir,
      env: {
        ...inherited,
        DATA_DIR: path.join(scratch.dir, 'data'),
        MEDIA_DIR: path.join(scratch.dir, 'media'),
        MAIL_OUTBOX_DIR: path.join(scratch.dir, 'outbox'),
        SMTP_URL: catcher.url,
        MAIL_QUEUE_POLL_SECONDS: '1',
        FFMPEG_PATH: ffmpeg,
      },
      throughPgbouncer: options.throughPgbouncer,
      output: 'ignore',
      prepareDatabase: async (env) => ({
        admin: { email: process.env.ADMIN_EMAIL! },
        demoCustomer: (await restoreSeededCopy(env.DATABASE_URL!, env.MEDIA_DIR!)).demoCustomer,
      }),
    })
    return {
      ...cluster,
      mails: () =>
        readdirSync(catcherDir)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => JSON.parse(readFileSync(path.join(catcherDir, name), 'utf8')) as CaughtMail),
      mp3Encodes: () =>
        readFileSync(ffmpegLog, 'utf8')
          .split('\n')
          .filter((run) => run.includes('libmp3lame')).length,
      close: async () => {
        await cluster.stop()
        await catcher.close()
        scratch.remove()
      },
    }
  } catch (error) {
    await catcher.close()
    scratch.remove()
    throw error
  }
}

/** Polls `check` until it returns a value (not undefined) or the time is up. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
