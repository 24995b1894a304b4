import { paidSession, signedStripeEvent } from '../support/stripe-events'
import { customerPlacesOrder, expect, logInToAdmin, test } from './support'

test("the seller sees a chargeback Stripe reported on the dashboard, reads it in the order and ticks it off (events signed with the official SDK's test helper)", async ({
  page,
  playwright,
  baseURL,
}) => {
  const { customer, placed } = await customerPlacesOrder(() => playwright.request.newContext({ baseURL }), 'streit', {
    package: 'soundtouch',
    theme: 'gratitude',
    payment_method: 'credit_card',
  })
  const { id, total } = placed
  const cents = Math.round(total * 100)

  const deliver = async (fields: Parameters<typeof signedStripeEvent>[0]) => {
    const { body, signature } = signedStripeEvent(fields)
    const response = await customer.post('/api/payments/stripe/webhook', {
      data: body,
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    })
    expect(response.status()).toBe(200)
  }
  await deliver(paidSession(id, cents, { payment_intent: `pi_e2e_dispute_${id}` }))
  await deliver({
    type: 'charge.dispute.created',
    object: {
      id: `du_e2e_${id}`,
      object: 'dispute',
      currency: 'eur',
      amount: cents,
      payment_intent: `pi_e2e_dispute_${id}`,
      status: 'needs_response',
      reason: 'fraudulent',
    },
  })

  await logInToAdmin(page)
  await page.goto('/admin')
  const incidents = page.getByRole('region', { name: /Zahlungsvorfälle zu klären/ })
  const listed = incidents.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Bestellung ${id}`, exact: true }) })
  await expect(listed).toContainText('Zahlungsstreit')
  await expect(listed).toContainText('needs_response (fraudulent)')

  await listed.getByRole('link', { name: `Bestellung ${id}`, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Zahlungsvorfälle' })).toBeVisible()
  // Payload shows the rows folded; "Alle anzeigen" opens them (the order's files, the other array here, has none).
  await page.getByRole('button', { name: 'Alle anzeigen' }).click()
  await expect(page.getByLabel('Stripe-Referenz')).toHaveValue(`du_e2e_${id}`)
  await expect(page.getByLabel('Stand')).toHaveValue('needs_response (fraudulent)')
  await page.getByRole('checkbox', { name: 'Erledigt' }).check()
  await page.getByRole('button', { name: 'Speichern' }).click()
  await expect(page.getByText(/erfolgreich/i).first()).toBeVisible()

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Was heute zu tun ist' })).toBeVisible()
  await expect(incidents.getByRole('link', { name: `Bestellung ${id}`, exact: true })).toHaveCount(0)
  await customer.dispose()
})
