import { expect, logInToAdmin, test } from '../e2e/support'
import { silentWav } from '../support/audio'
import { CONSENTS } from '../support/orders'

test("a seller's save from a form opened before the customer acted is refused with a message; the confirmation and the recording stay", async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000) // two browser contexts, three steps in the order view and a save
  // The customer, in a context of their own, orders a package with a voice recording.
  const customer = await playwright.request.newContext({ baseURL })
  const username = `stale-${Date.now()}`
  const password = 'Ruhige-Klaenge-9'
  expect((await customer.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password } })).status()).toBe(201)
  const { access } = await (await customer.post('/api/auth/', { data: { username, password } })).json()
  const authorization = { Authorization: `Bearer ${access}` }
  const placed = await customer.post('/api/orders/', { headers: authorization, data: { package: 'deepflow', theme: 'gratitude', ...CONSENTS } })
  expect(placed.status()).toBe(201)
  const { id } = await placed.json()

  // The seller, in another browser context, takes the order to delivery with the order view's
  // buttons and drop zone (each reloads the form, so it is current).
  const sellerContext = await browser.newContext()
  const page = await sellerContext.newPage()
  await logInToAdmin(page)
  await page.goto(`/admin/collections/orders/${id}`)
  await page.getByRole('button', { name: 'Als bezahlt markieren' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('Bezahlt')
  await page.getByLabel('Audiodateien auswählen').setInputFiles({ name: 'song.wav', mimeType: 'audio/wav', buffer: silentWav(1) })
  await page.getByRole('button', { name: 'Song liefern' }).click()
  await expect(page.locator('.shop-status-field')).toContainText('Geliefert')

  // The seller starts the next change: a new description for the delivered file. (On the first
  // change after a load, Payload asks whether the document is still current and otherwise shows
  // its own "Dokument geändert" dialog; that check is done now, before the customer acts, so that
  // the save below meets the server's check.)
  await page.locator('#field-uploads__0__description').fill('Ihr Song, endgültig')
  await page.waitForLoadState('networkidle')

  // Meanwhile the customer uploads a recording and confirms.
  const upload = await customer.post(`/api/orders/${id}/upload-audio/`, {
    headers: authorization,
    multipart: { file: { name: 'audio-recording.wav', mimeType: 'audio/wav', buffer: silentWav(1) }, description: 'Meine Stimme' },
  })
  expect(upload.status()).toBe(201)
  expect((await customer.post(`/api/orders/${id}/confirm/`, { headers: authorization })).status()).toBe(200)

  // The seller's form still shows the order before that: the seller is told, either by the server's
  // refusal of the save (409, also proven through REST in files-privacy.test.ts) or, when Payload's
  // own freshness check runs first on a slow machine, by its "Dokument geändert" dialog, which
  // blocks the save altogether.
  const payloadsDialog = page.getByRole('heading', { name: 'Dokument geändert' })
  if (!(await payloadsDialog.isVisible()))
    await page
      .getByRole('button', { name: 'Speichern' })
      .click({ timeout: 10_000 })
      .catch(() => {})
  await expect(page.getByText(/changed in the meantime/).or(payloadsDialog)).toBeVisible()

  const [order] = await (await customer.get('/api/orders/my/', { headers: authorization })).json()
  expect(order).toMatchObject({ id, status: 'completed', confirmed_by_user: true })
  expect(order.uploads).toHaveLength(2)
  expect(order.uploads[1]).toMatchObject({ description: 'Meine Stimme', kind: 'recording' })

  await sellerContext.close()
  await customer.dispose()
})
