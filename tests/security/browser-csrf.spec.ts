import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '../e2e/support'

/**
 * Login CSRF in a real browser: a page on another origin (here http://localhost:<port>, another
 * site than the shop's 127.0.0.1) auto-submits a form that would log the visitor into the
 * attacker's account, whose checkout would then receive the visitor's voice recording.
 */

const attacker = { username: `angreifer-${Date.now()}`, password: 'Boeser-Plan-2026' }

/** Serves one HTML page from another origin; returns its URL and the stop. */
async function attackerSite(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://localhost:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#39;')

/** The JSON body as a text/plain form sends it: `name=value`, the "=" hidden inside a JSON string. */
function textPlainLoginForm(action: string): string {
  const json = JSON.stringify({ ...attacker, x: '' })
  const name = json.slice(0, -2) // …,"x":"
  return `<form method="POST" action="${action}" enctype="text/plain"><input name='${escapeAttribute(name)}' value='"}'></form>`
}

function multipartPayloadLoginForm(action: string): string {
  const payload = JSON.stringify({ email: `${attacker.username}@example.com`, password: attacker.password })
  return `<form method="POST" action="${action}" enctype="multipart/form-data"><input name="_payload" value='${escapeAttribute(payload)}'></form>`
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL })
  const registered = await api.post('/api/accounts/register/', { data: { ...attacker, email: `${attacker.username}@example.com` } })
  expect(registered.status()).toBe(201)
  await api.dispose()
})

for (const [name, path, form] of [
  ['a text/plain form to /api/auth/', '/api/auth/', textPlainLoginForm],
  ['a text/plain form to /api/accounts/login/', '/api/accounts/login/', textPlainLoginForm],
  ["a multipart form to Payload's /api/cms/users/login", '/api/cms/users/login', multipartPayloadLoginForm],
] as const) {
  test(`another site's page auto-submitting ${name} does not log the visitor in`, async ({ page, context, baseURL }) => {
    const site = await attackerSite(`<!doctype html><title>Gewinnspiel</title>${form(new URL(path, baseURL).href)}<script>document.forms[0].submit()</script>`)
    try {
      const answered = page.waitForResponse((response) => response.url().startsWith(new URL(path, baseURL).href))
      await page.goto(site.url)
      const response = await answered
      expect(response.status()).toBe(403)
      expect(response.headers()['set-cookie']).toBeUndefined()

      expect((await context.cookies(baseURL)).map((cookie) => cookie.name)).not.toContain('payload-token')
      await page.goto('/account')
      await expect(page).toHaveURL(/\/login$/)
    } finally {
      await site.close()
    }
  })
}

test('the shop’s own login form still logs in', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Benutzername oder E-Mail').fill(attacker.username)
  await page.getByLabel('Passwort').fill(attacker.password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page).toHaveURL(/\/account$/)
})
