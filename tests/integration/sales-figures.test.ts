import { randomBytes } from 'node:crypto'
import type { Purchase } from '../../payload-types'
import { containedVatCents, toCents } from '../../src/rules/pricing'
import { ossThresholdState } from '../../src/rules/digital-vat'
import { contradictingCountryEvidence, euDistanceSales, salesFigures, type SalesFigures, type SoldItem } from '../../src/sales-figures/sales-figures'
import { placeOrder } from '../support/customer-history'
import { closeTestPayload, testPayload } from '../support/payload'
import { createCustomer, type TestCustomer } from '../support/users'

/*
 * Issue 33, the seller's dashboard in figures: commissions and catalog purchases today and this
 * month, albums and tracks this month, the EU distance sales against the € 10,000 threshold, and
 * the purchases whose country evidence contradicts. The purchases are made here directly (the
 * checkout's placing is another helper's), paid in 2031 and 2030, where no other test sells; the
 * figures are compared before and after, so a second run on the same database passes too.
 */

// 11:00 in Germany on Saturday 15 March 2031 (CET, UTC+1).
const NOW = new Date('2031-03-15T10:00:00Z')
const created: number[] = []
let customer: TestCustomer
let albums: [number, number]
let track: number

type LineSpec = { kind: 'music-group' | 'track' | 'tip'; id?: number; gross: number; rate?: number }

async function purchase(spec: {
  status: Purchase['status']
  paidAt?: string
  refundedAt?: string
  billing?: string
  card?: string
  lines: LineSpec[]
}): Promise<Purchase> {
  const lines = spec.lines.map(({ kind, id, gross, rate = 19 }) => ({
    kind,
    music_group: kind === 'music-group' ? id : undefined,
    track: kind === 'track' ? id : undefined,
    title: `${kind} ${id ?? ''}`.trim(),
    amount: gross,
    vat_rate: rate,
    vat_amount: containedVatCents(toCents(gross), rate) / 100,
  }))
  const made = await (
    await testPayload()
  ).create({
    collection: 'purchases',
    overrideAccess: true,
    data: {
      customer: customer.id,
      // Placed awaiting payment, then changed as the seller would, so the purchase's hooks run.
      status: 'pending_payment',
      lines,
      total: lines.reduce((sum, line) => sum + toCents(line.amount), 0) / 100,
      vat_amount: lines.reduce((sum, line) => sum + toCents(line.vat_amount), 0) / 100,
      payment_method: 'credit_card',
      paid_at: spec.paidAt,
      refunded_at: spec.refundedAt,
      billing_country: spec.billing,
      card_country: spec.card,
      idempotency_key: randomBytes(8).toString('hex'),
    },
  })
  const steps = { pending_payment: [], paid: ['paid'], refunded: ['paid', 'refunded'], cancelled: ['cancelled'] }[spec.status] as Purchase['status'][]
  let current = made
  for (const status of steps) current = await (await testPayload()).update({ collection: 'purchases', id: made.id, data: { status }, depth: 0 })
  created.push(made.id)
  return current
}

beforeAll(async () => {
  const payload = await testPayload()
  customer = await createCustomer('umsatz')
  const groups = await payload.find({ collection: 'music-groups', sort: 'id', limit: 2, depth: 0 })
  albums = [groups.docs[0]!.id, groups.docs[1]!.id]
  track = (await payload.find({ collection: 'tracks', sort: 'id', limit: 1, depth: 0 })).docs[0]!.id
})

afterAll(async () => {
  const payload = await testPayload()
  for (const id of created) await payload.delete({ collection: 'purchases', id })
  await closeTestPayload()
})

const itemOf = (figures: SalesFigures, kind: SoldItem['kind'], id: number) =>
  figures.itemsThisMonth.find((item) => item.kind === kind && item.id === id) ?? { count: 0, grossCents: 0 }

describe('the dashboard’s figures', () => {
  it('count paid commissions and purchases today and this month, by album and track, without refunds and unpaid ones', async () => {
    const payload = await testPayload()
    const before = await salesFigures(payload, NOW)
    const [album, otherAlbum] = albums

    // 00:30 on 15 March in Germany: today. 23:30 on 14 March: this month, not today.
    await purchase({ status: 'paid', paidAt: '2031-03-14T23:30:00Z', billing: 'DE', card: 'DE', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({
      status: 'paid',
      paidAt: '2031-03-14T22:30:00Z',
      billing: 'AT',
      card: 'AT',
      lines: [
        { kind: 'music-group', id: album, gross: 9.99 },
        { kind: 'track', id: track, gross: 1.29 },
      ],
    })
    await purchase({
      status: 'paid',
      paidAt: '2031-03-02T09:00:00Z',
      billing: 'FR',
      card: 'DE',
      lines: [
        { kind: 'music-group', id: otherAlbum, gross: 20 },
        { kind: 'tip', gross: 5 },
      ],
    })
    await purchase({ status: 'paid', paidAt: '2031-03-05T09:00:00Z', billing: 'US', lines: [{ kind: 'music-group', id: album, gross: 10, rate: 0 }] })
    // Refunded, unpaid, last month, next month: nowhere.
    await purchase({
      status: 'refunded',
      paidAt: '2031-03-15T09:00:00Z',
      refundedAt: '2031-03-15T09:30:00Z',
      billing: 'AT',
      card: 'US',
      lines: [{ kind: 'music-group', id: album, gross: 9.99 }],
    })
    await purchase({ status: 'pending_payment', billing: 'DE', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({ status: 'paid', paidAt: '2031-02-28T22:59:00Z', billing: 'DE', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({ status: 'paid', paidAt: '2031-03-31T22:00:00Z', billing: 'DE', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })

    // Commissions: one paid today, one paid and then refunded.
    const paidOrder = await placeOrder(customer)
    await payload.update({ collection: 'orders', id: paidOrder.id, data: { status: 'paid' } })
    await payload.update({ collection: 'orders', id: paidOrder.id, data: { paid_at: '2031-03-15T08:00:00Z' } })
    const refundedOrder = await placeOrder(customer)
    await payload.update({ collection: 'orders', id: refundedOrder.id, data: { status: 'paid' } })
    await payload.update({ collection: 'orders', id: refundedOrder.id, data: { paid_at: '2031-03-15T08:00:00Z' } })
    await payload.update({ collection: 'orders', id: refundedOrder.id, data: { status: 'refunded' } })

    const after = await salesFigures(payload, NOW)
    const grown = (pick: (figures: SalesFigures) => { count: number; grossCents: number }) => ({
      count: pick(after).count - pick(before).count,
      grossCents: pick(after).grossCents - pick(before).grossCents,
    })
    expect(grown((figures) => figures.today.purchases)).toEqual({ count: 1, grossCents: 999 })
    expect(grown((figures) => figures.month.purchases)).toEqual({ count: 4, grossCents: 999 + 1128 + 2500 + 1000 })
    expect(grown((figures) => figures.today.commissions)).toEqual({ count: 1, grossCents: toCents(paidOrder.total) })
    expect(grown((figures) => figures.month.commissions)).toEqual({ count: 1, grossCents: toCents(paidOrder.total) })
    expect(grown((figures) => itemOf(figures, 'music-group', album))).toEqual({ count: 3, grossCents: 999 + 999 + 1000 })
    expect(grown((figures) => itemOf(figures, 'music-group', otherAlbum))).toEqual({ count: 1, grossCents: 2000 })
    expect(grown((figures) => itemOf(figures, 'track', track))).toEqual({ count: 1, grossCents: 129 })
    // Tips are no album or track.
    expect(after.itemsThisMonth.every((item) => item.kind !== ('tip' as string))).toBe(true)
  })

  it('sum this and last year’s net sales of albums and tracks to buyers in other member states', async () => {
    const payload = await testPayload()
    const before = await euDistanceSales(payload, NOW)
    const [album] = albums
    // To other member states: Austria (billing and card), Hungary, the Netherlands (the card only), Italy last year.
    await purchase({ status: 'paid', paidAt: '2031-01-10T09:00:00Z', billing: 'AT', card: 'AT', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({
      status: 'paid',
      paidAt: '2031-02-20T09:00:00Z',
      billing: 'HU',
      lines: [
        { kind: 'music-group', id: album, gross: 15 },
        { kind: 'tip', gross: 3 },
      ],
    })
    await purchase({ status: 'paid', paidAt: '2031-03-05T09:00:00Z', card: 'NL', lines: [{ kind: 'track', id: track, gross: 2 }] })
    await purchase({ status: 'paid', paidAt: '2030-06-01T09:00:00Z', billing: 'IT', lines: [{ kind: 'music-group', id: album, gross: 50 }] })
    // Not counted: Germany, outside the EU, unknown, refunded, unpaid, the year before last, next year.
    await purchase({ status: 'paid', paidAt: '2031-01-11T09:00:00Z', billing: 'DE', card: 'AT', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({ status: 'paid', paidAt: '2031-01-12T09:00:00Z', billing: 'CH', lines: [{ kind: 'music-group', id: album, gross: 9.99, rate: 0 }] })
    await purchase({ status: 'paid', paidAt: '2031-01-13T09:00:00Z', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({
      status: 'refunded',
      paidAt: '2031-01-14T09:00:00Z',
      refundedAt: '2031-01-20T09:00:00Z',
      billing: 'AT',
      lines: [{ kind: 'music-group', id: album, gross: 9.99 }],
    })
    await purchase({ status: 'pending_payment', billing: 'AT', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({ status: 'paid', paidAt: '2029-12-31T22:59:00Z', billing: 'AT', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })
    await purchase({ status: 'paid', paidAt: '2031-12-31T23:00:00Z', billing: 'AT', lines: [{ kind: 'music-group', id: album, gross: 9.99 }] })

    const after = await euDistanceSales(payload, NOW)
    const net = (gross: number) => toCents(gross) - containedVatCents(toCents(gross), 19)
    expect(after.thisYear).toBe(2031)
    expect(after.thisYearNetCents - before.thisYearNetCents).toBe(net(9.99) + net(15) + net(2))
    expect(after.lastYearNetCents - before.lastYearNetCents).toBe(net(50))
    expect(after.state).toBe(ossThresholdState(after))
  })

  it('warn at 80 % of the threshold and once it is passed, this year or last year', async () => {
    const payload = await testPayload()
    // A year of its own for this file's run, so that the sums start at 0.
    const year = 2200 + (randomBytes(2).readUInt16BE() % 700)
    const now = new Date(`${year}-06-15T10:00:00Z`)
    const nextYear = new Date(`${year + 1}-06-15T10:00:00Z`)
    expect(await euDistanceSales(payload, now)).toMatchObject({ thisYearNetCents: 0, lastYearNetCents: 0, state: 'below' })
    // € 7,999.99 net to Austria: below; one more cent: near.
    await purchase({
      status: 'paid',
      paidAt: `${year}-01-10T09:00:00Z`,
      billing: 'AT',
      lines: [{ kind: 'music-group', id: albums[0], gross: 7999.99, rate: 0 }],
    })
    expect(await euDistanceSales(payload, now)).toMatchObject({ thisYearNetCents: 799_999, state: 'below' })
    await purchase({ status: 'paid', paidAt: `${year}-02-10T09:00:00Z`, billing: 'AT', lines: [{ kind: 'track', id: track, gross: 0.01, rate: 0 }] })
    expect(await euDistanceSales(payload, now)).toMatchObject({ thisYearNetCents: 800_000, state: 'near' })
    // € 10,000: reached, and the next year starts "reached" only once last year's passed € 10,000.
    await purchase({ status: 'paid', paidAt: `${year}-03-10T09:00:00Z`, billing: 'AT', lines: [{ kind: 'track', id: track, gross: 2000, rate: 0 }] })
    expect(await euDistanceSales(payload, now)).toMatchObject({ thisYearNetCents: 1_000_000, state: 'reached' })
    expect(await euDistanceSales(payload, nextYear)).toMatchObject({ thisYearNetCents: 0, lastYearNetCents: 1_000_000, state: 'below' })
    await purchase({ status: 'paid', paidAt: `${year}-04-10T09:00:00Z`, billing: 'AT', lines: [{ kind: 'track', id: track, gross: 0.01, rate: 0 }] })
    expect(await euDistanceSales(payload, nextYear)).toMatchObject({ thisYearNetCents: 0, lastYearNetCents: 1_000_001, state: 'reached' })
  })

  it('list paid purchases whose billing country and card country contradict, and only those', async () => {
    const payload = await testPayload()
    const [album] = albums
    const line: LineSpec[] = [{ kind: 'music-group', id: album, gross: 9.99 }]
    const contradicting = await purchase({ status: 'paid', paidAt: new Date().toISOString(), billing: 'fr', card: 'DE', lines: line })
    const agreeing = await purchase({ status: 'paid', paidAt: new Date().toISOString(), billing: 'AT', card: 'at', lines: line })
    const cardOnly = await purchase({ status: 'paid', paidAt: new Date().toISOString(), card: 'NL', lines: line })
    const refunded = await purchase({ status: 'refunded', paidAt: new Date().toISOString(), billing: 'AT', card: 'US', lines: line })
    const listed = await contradictingCountryEvidence(payload)
    expect(listed.find((entry) => entry.id === contradicting.id)).toMatchObject({ billingCountry: 'FR', cardCountry: 'DE' })
    for (const other of [agreeing, cardOnly, refunded]) expect(listed.some((entry) => entry.id === other.id)).toBe(false)
  })
})
