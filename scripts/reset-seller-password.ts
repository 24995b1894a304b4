/**
 * `npm run admin:reset-password`: the seller regains access without mail. Sets a new password for
 * the seller's account (ADMIN_EMAIL, or the only admin) and unlocks it (Payload's failed-login
 * counter and lock). The password comes from NEW_ADMIN_PASSWORD, or is generated and shown on the
 * terminal only (never on a command line, where `ps` and the shell history would keep it).
 * Works on the embedded database (stop the shop first) and with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { embeddedClusterDir, startDatabaseOrExit } from './lib/embedded-postgres'
import { dataDir, prepareEnvironmentOrExit } from './lib/env'
import { closePayload, openPayload } from './lib/payload'

prepareEnvironmentOrExit()

function embeddedServerRunning(): boolean {
  if (process.env.DATABASE_URL) return false
  try {
    const pidFile = path.join(embeddedClusterDir(dataDir()), 'postmaster.pid')
    if (!existsSync(pidFile)) return false
    process.kill(Number.parseInt(readFileSync(pidFile, 'utf8'), 10), 0)
    return true
  } catch {
    return false
  }
}
if (embeddedServerRunning()) {
  console.error('The shop is running on this data folder; stop it (Ctrl-C on `npm start`) and run this command again.')
  process.exit(1)
}
const generated = !process.env.NEW_ADMIN_PASSWORD
if (generated && !process.stdout.isTTY) {
  console.error('Run this on a terminal (the generated password is shown only there), or set NEW_ADMIN_PASSWORD.')
  process.exit(1)
}

const database = await startDatabaseOrExit(dataDir())
process.env.DATABASE_URL = database.url
let code = 1
try {
  const payload = await openPayload()
  const email = process.env.ADMIN_EMAIL
  const { docs } = await payload.find({
    collection: 'users',
    where: email ? { and: [{ role: { equals: 'admin' } }, { email: { equals: email.toLowerCase() } }] } : { role: { equals: 'admin' } },
    limit: 2,
    depth: 0,
  })
  if (docs.length !== 1) {
    console.error(
      docs.length === 0
        ? `No seller account${email ? ` with the e-mail ${email}` : ''} was found; start the shop once (npm start) to create it.`
        : 'There is more than one seller account; name the one to reset with ADMIN_EMAIL=… .',
    )
  } else {
    const seller = docs[0]!
    const password = process.env.NEW_ADMIN_PASSWORD || randomBytes(12).toString('base64url')
    await payload.update({ collection: 'users', id: seller.id, data: { password, loginAttempts: 0, lockUntil: null } as never, depth: 0 })
    console.log(
      generated
        ? `New password for ${seller.email}: ${password}   (shown only this once; the account is unlocked)`
        : `The password of ${seller.email} is now NEW_ADMIN_PASSWORD; the account is unlocked.`,
    )
    code = 0
  }
  await closePayload(payload)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
} finally {
  await database.stop()
}
process.exit(code)
