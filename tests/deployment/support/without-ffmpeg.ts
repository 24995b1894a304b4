import { mkdirSync, symlinkSync } from 'node:fs'
import path from 'node:path'
import { freePort } from '../../../scripts/lib/embedded-postgres'
import { startSmtpCatcher } from '../../support/smtp-catcher'
import { seededShopDatabase } from './seeded-copy'
import { scratchFolder, shopEnvironment, startShop } from './shop'

/**
 * The waveform and download suites that `npm test` runs once more against a shop on a machine
 * "with Node and npm only": the system's ffmpeg hidden (FFMPEG_PATH pointing nowhere, a PATH that
 * holds Node alone), so the shop makes peaks and MP3s with FFmpeg as WebAssembly (src/audio/ffmpeg.ts).
 */
export const SUITES_WITHOUT_FFMPEG = ['tests/integration/audio-peaks.test.ts', 'tests/integration/downloads.test.ts']

/** A shop of its own for SUITES_WITHOUT_FFMPEG, on a copy of the seeded shop; `env` is what Jest needs to reach it. */
export async function startShopWithoutFfmpeg(shared: NodeJS.ProcessEnv): Promise<{ env: NodeJS.ProcessEnv; stop: () => Promise<void> }> {
  // The shared shop's settings (secrets, Stripe stand-in), but a database, folders and address of its own.
  const {
    DATABASE_URL: _database,
    PORT: _port,
    BASE_URL: _base,
    PUBLIC_URL: _public,
    DATA_DIR: _data,
    MEDIA_DIR: _media,
    SERVER_PID: _pid,
    ...settings
  } = shared
  const scratch = scratchFolder('without-ffmpeg')
  const nodeOnly = path.join(scratch.dir, 'bin')
  mkdirSync(nodeOnly)
  symlinkSync(process.execPath, path.join(nodeOnly, 'node'))
  const database = await seededShopDatabase(scratch.dir, shared)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  // A mail catcher of its own: these suites run beside the shared shop's, and their order numbers overlap.
  const mailDir = path.join(scratch.dir, 'mail')
  const catcher = await startSmtpCatcher(mailDir)
  const shopEnv = shopEnvironment(database.url, scratch.dir, {
    ...settings,
    MAIL_OUTBOX_DIR: path.join(scratch.dir, 'outbox'),
    SMTP_URL: catcher.url,
    MAIL_CATCHER_DIR: mailDir,
    PUBLIC_URL: baseUrl,
  })
  const shop = await startShop({ ...shopEnv, FFMPEG_PATH: path.join(scratch.dir, 'no-ffmpeg-here'), PATH: nodeOnly }, port)
  return {
    // Jest itself keeps the machine's PATH; only the shop is without ffmpeg.
    env: { ...shopEnv, BASE_URL: baseUrl, SERVER_PID: String(shop.pid()) },
    stop: async () => {
      await shop.stop()
      await database.drop()
      await catcher.close()
      scratch.remove()
    },
  }
}
