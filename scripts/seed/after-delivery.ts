import type { Payload, RequestContext } from 'payload'
import { hashGiftToken, newGiftToken } from '../../src/gifts/gift-token'
import { encodeWav, synthesize, type TrackSound } from './audio-synth'
import { DEMO_CUSTOMER } from './demo-customer'
import { cachedFile } from './media-cache'

/** The second version of the demo song: shorter, calmer, delivered as a lossless WAV (so both downloads show). */
const SECOND_VERSION: TrackSound = {
  seed: 'demo-kundin-fassung-2',
  seconds: 24,
  tonic: 57,
  progression: [
    [0, 7, 11, 16],
    [0, 6, 9, 14],
  ],
  chordSeconds: 8,
  warmth: 0.6,
  brightness: 2200,
  bells: 2,
  texture: 'waves',
  space: 0.55,
}

/**
 * The demo customer's delivered order after a round of revision: version 1, the customer's wish,
 * version 2, and one gift link, so the order page shows every part of "after delivery". Runs
 * once per order: an order that already has a revision request is left as it is.
 */
export async function seedDemoAfterDelivery(payload: Payload): Promise<void> {
  const { docs: customers } = await payload.find({ collection: 'users', where: { username: { equals: DEMO_CUSTOMER.username } }, limit: 1, depth: 0 })
  const customer = customers[0]
  if (!customer) return
  const { docs: orders } = await payload.find({
    collection: 'orders',
    where: { and: [{ customer: { equals: customer.id } }, { status: { equals: 'delivered' } }] },
    sort: 'createdAt',
    limit: 1,
    depth: 0,
  })
  const order = orders[0]
  if (!order || (await payload.count({ collection: 'revision-requests', where: { order: { equals: order.id } } })).totalDocs > 0) return

  // An invented customer: no mails to anyone.
  const context = { noMail: true, orderPage: true, statusActor: 'customer' } satisfies RequestContext
  await payload.create({
    collection: 'revision-requests',
    data: {
      order: order.id,
      customer: customer.id,
      delivery_version: 1,
      message: 'Wunderschön! Könntest du das Meeresrauschen etwas lauter machen und den Schluss sanfter ausklingen lassen?',
    },
    context,
  })
  await payload.update({ collection: 'orders', id: order.id, data: { status: 'revision_requested' }, depth: 0, context })

  const wav = await cachedFile({ name: 'demo-fassung-2.wav', params: SECOND_VERSION, sources: ['audio-synth.ts', 'random.ts', 'after-delivery.ts'] }, () =>
    encodeWav(synthesize(SECOND_VERSION)),
  )
  const secondVersion = await payload.create({
    collection: 'audio',
    data: { title: 'Wunschsong für demo-kundin, Fassung 2', purpose: 'delivery', owner: customer.id },
    file: { data: wav, mimetype: 'audio/wav', name: 'wunschsong-demo-kundin-fassung-2.wav', size: wav.length },
    depth: 0,
  })
  // The seller's delivery of the new version: the order becomes "delivered" again (collections/Orders/hooks/deliverOnUpload.ts).
  const uploads = (order.uploads ?? []).map(({ id, audio, description }) => ({ id, audio, description }))
  await payload.update({
    collection: 'orders',
    id: order.id,
    data: { uploads: [...uploads, { audio: secondVersion.id, description: 'Mit mehr Meer und einem sanfteren Ende' }] },
    depth: 0,
    context: { noMail: true },
  })

  await payload.create({
    collection: 'gift-links',
    data: {
      order: order.id,
      customer: customer.id,
      audio: secondVersion.id,
      dedication: 'Für Mama – für die stillen Morgen am Meer.',
      // A demo link nobody needs to open: its token is thrown away, as the shop never stores one.
      token_hash: hashGiftToken(newGiftToken()),
    },
    context,
  })
}
