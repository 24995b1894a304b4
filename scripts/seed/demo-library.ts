import { createLocalReq, type Payload } from 'payload'
import { grantLibraryItem } from '../../src/library/grant'
import { DEMO_CUSTOMER } from './demo-customer'

/** The demo album the demo customer owns, by its German title (scripts/seed/music-groups.ts). */
const OWNED_ALBUM = 'Wasser & Wind'

/**
 * One album in the demo customer's "Meine Musik" (issue 33), so the page and its downloads show
 * something on a fresh shop: "Wasser & Wind" in every format it offers, as if redeemed with a
 * download code. Once: the grant key makes a second run grant nothing.
 */
export async function seedDemoLibrary(payload: Payload): Promise<void> {
  const [{ docs: customers }, { docs: albums }] = await Promise.all([
    payload.find({ collection: 'users', where: { username: { equals: DEMO_CUSTOMER.username } }, limit: 1, depth: 0 }),
    payload.find({ collection: 'music-groups', where: { title: { equals: OWNED_ALBUM } }, locale: 'de', limit: 1, depth: 0 }),
  ])
  const [customer, album] = [customers[0], albums[0]]
  if (!customer || !album) return
  const req = await createLocalReq({}, payload)
  await grantLibraryItem(payload, req, {
    customer: customer.id,
    item: { kind: 'music-group', id: album.id },
    formats: ['mp3', 'flac', 'original'],
    source: 'code',
    key: `demo:${DEMO_CUSTOMER.username}:music-group:${album.id}`,
  })
}
