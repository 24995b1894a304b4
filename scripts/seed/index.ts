import type { Payload } from 'payload'
import { seedAbout } from './about'
import { seedDemoAfterDelivery } from './after-delivery'
import { seedCategories } from './categories'
import { type DemoCustomerLogin, seedDemoCustomer } from './demo-customer'
import { seedDemoCommissions } from './demo-commissions'
import { seedDemoLibrary } from './demo-library'
import { seedFormerCustomer } from './former-customer'
import { seedFocusThemes } from './focus-themes'
import { seedMusicGroups } from './music-groups'
import { seedNews } from './news'
import { seedPackages } from './packages'
import { completeSettings, markDemoContentSeeded } from './settings'
import { seedTracks } from './tracks'
import { seedUseTypes } from './use-types'
import { FILE_WORK_QUEUE } from '../../src/downloads/prepare-mp3-task'

/**
 * The demo catalog of a fresh shop: packages, wizard choices, categories, tracks with generated
 * music and covers, albums, singles, playlists, news, the trader settings and a demo customer with
 * orders (its login is returned when it was created now), plus a second one (same password) whose
 * orders wait for the seller in the admin.
 *
 * Runs on every start and test run. Once it has finished, the settings remember it and it does
 * nothing again (so a demo item the seller deleted never comes back). Every document is found by
 * its natural key before it is created, so a run that was interrupted half-way can simply run
 * again without duplicating anything.
 */
export async function seedDemoContent(
  payload: Payload,
  log: (line: string) => void = () => {},
): Promise<{ seeded: boolean; demoCustomer?: DemoCustomerLogin | null }> {
  const settings = await payload.findGlobal({ slug: 'settings', depth: 0 })
  if (settings.demo_content_seeded) return { seeded: false }

  const started = performance.now()
  log('Creating the demo content …')
  await seedPackages(payload)
  await seedUseTypes(payload)
  await seedFocusThemes(payload)
  const categories = await seedCategories(payload)
  const tracks = await seedTracks(payload, categories, log)
  await seedMusicGroups(payload, tracks)
  await seedNews(payload)
  await seedAbout(payload)
  // The trader's data first: the demo orders that are paid get invoices naming the trader.
  await completeSettings(payload)
  const demoCustomer = await seedDemoCustomer(payload)
  if (demoCustomer) await seedDemoCommissions(payload, demoCustomer.password)
  await seedDemoAfterDelivery(payload)
  // Issue 33: one owned album in the demo customer's "Meine Musik".
  await seedDemoLibrary(payload)
  await seedFormerCustomer(payload)
  // The waveforms of the demo audio now (a few seconds of ffmpeg): the shop, and every copy of the
  // seeded database the tests start from, then begins with them instead of computing them itself.
  await payload.jobs.run({ queue: FILE_WORK_QUEUE, where: { taskSlug: { equals: 'computePeaks' } }, limit: 100 })
  await markDemoContentSeeded(payload)
  log(`Demo content created in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
  return { seeded: true, demoCustomer }
}
