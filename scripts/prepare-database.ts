/**
 * Brings the database up to date: applies committed migrations, creates the seller's account
 * and the demo content on first start. Runs as its own short process (Payload keeps its pool
 * open), so it ends with an explicit exit. Prints the admin login as JSON on its last line.
 */
import { ensureAdminUser } from './lib/admin-user'
import { closePayload, openPayload } from './lib/payload'

const payload = await openPayload()
try {
  await payload.db.migrate()
  const admin = await ensureAdminUser(payload)
  if (process.env.SEED_DEMO_CONTENT !== 'false') {
    const { seedDemoContent } = await import('./seed/index')
    const { seeded } = await seedDemoContent(payload, (line: string) => payload.logger.info(line))
    if (seeded) payload.logger.info('Demo content created.')
  }
  console.log(JSON.stringify({ admin }))
  await closePayload(payload)
  process.exit(0)
} catch (error) {
  payload.logger.error(error)
  process.exit(1)
}
