/**
 * Brings the database up to date: applies committed migrations, creates the seller's account,
 * any missing legal page (with its default texts, in production too) and the demo content on
 * first start. Runs as its own short process (Payload keeps its pool open), so it ends with an
 * explicit exit. Prints the admin login (and a demo customer's login created now) as JSON
 * on its last line.
 */
import { ensureLegalPages } from '../src/legal/ensure-legal-pages'
import { ensureAdminUser } from './lib/admin-user'
import { closePayload, openPayload } from './lib/payload'

const payload = await openPayload()
try {
  await payload.db.migrate()
  const admin = await ensureAdminUser(payload)
  const legalPages = await ensureLegalPages(payload)
  if (legalPages.length > 0) payload.logger.info(`Legal pages created with their default texts: ${legalPages.join(', ')}.`)
  let demoCustomer = null
  if (process.env.SEED_DEMO_CONTENT === 'true') {
    const { seedDemoContent } = await import('./seed/index')
    const seeded = await seedDemoContent(payload, (line: string) => payload.logger.info(line))
    if (seeded.seeded) payload.logger.info('Demo content created.')
    demoCustomer = seeded.demoCustomer ?? null
  }
  console.log(JSON.stringify({ admin, demoCustomer }))
  await closePayload(payload)
  process.exit(0)
} catch (error) {
  payload.logger.error(error)
  process.exit(1)
}
