import type { Page } from '@playwright/test'
import { expect, fromTheShop, logInToAdmin, test } from './support'

// The other browser tests block the shop's service worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' })

/** Waits until the service worker is active and controls the page (it claims open pages when it activates). */
async function workerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  })
}

/** Every URL in the page's Cache Storage, by cache. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {}
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
    return all
  })

/** The status and Content-Range of a Range request for the first 16 bytes of `url`, made by the page (through the worker). */
const firstBytes = (page: Page, url: string) =>
  page.evaluate(async (audio) => {
    const response = await fetch(audio, { headers: { Range: 'bytes=0-15' } })
    return { status: response.status, range: response.headers.get('Content-Range'), length: (await response.arrayBuffer()).byteLength }
  }, url)

test('offline after a first visit: the home page and a visited album load, an unvisited page shows the German offline page; the admin still works', async ({
  page,
  context,
}) => {
  // The worker's script is asked for again on every visit, so a new deployment takes over at once.
  const script = await page.request.get('/serwist/sw.js')
  expect(script.headers()).toMatchObject({
    'cache-control': 'no-cache',
    'content-type': expect.stringContaining('javascript'),
    'content-security-policy': "default-src 'none'; connect-src 'self'",
  })
  await page.goto('/')
  await workerControls(page)
  // Pages load through the worker from now on, and it keeps the catalog pages visited.
  await page.goto('/')
  // Chrome's own installability check (what Lighthouse's installable-manifest audit reported before v12).
  const devtools = await context.newCDPSession(page)
  const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.map(({ errorId }) => errorId)).toEqual([])
  const [group] = await (await page.request.get('/api/music/music-groups/')).json()
  const album = `/music-group/${group.id}`
  await page.goto(album)
  const albumTitle = (await page.getByRole('heading', { level: 1 }).textContent())!.trim()

  await context.setOffline(true)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Du bist offline' })).toHaveCount(0)
  await page.goto(album)
  await expect(page.getByRole('heading', { level: 1, name: albumTitle })).toBeVisible()
  await page.goto('/news')
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')

  // Back online, with the worker installed: the admin panel works and nothing of it, nor of the API, is kept.
  await context.setOffline(false)
  await logInToAdmin(page)
  const kept = Object.values(await cachedUrls(page)).flat()
  expect(kept.filter((path) => /^\/(admin|api)(\/|$)/.test(path))).toEqual([])
  expect(kept).toContain(album)
})

test('a saved song plays offline on /account, with Range requests answered from the cache; logging out removes it', async ({ page, context }) => {
  const login = await page.request.post('/api/auth/', {
    data: { username: 'demo-kundin', password: process.env.DEMO_CUSTOMER_PASSWORD ?? '' },
    headers: fromTheShop,
  })
  expect(login.status()).toBe(200)
  await page.goto('/account')
  await workerControls(page)
  const delivered = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'DeepFlow' }) })
  await delivered.getByRole('link', { name: /Details/ }).click()
  const song = page.getByRole('region', { name: 'Dein Song' })
  const player = song.locator('audio').first()
  const audioUrl = (await player.getAttribute('src'))!

  // Online, the player's Range requests reach the server untouched by the worker.
  expect(await firstBytes(page, audioUrl)).toEqual({ status: 206, range: expect.stringMatching(/^bytes 0-15\/\d+$/), length: 16 })

  await song.getByRole('button', { name: 'Offline speichern' }).first().click()
  await expect(song.getByText(/^\d+(,\d)? (B|KB|MB) offline gespeichert$/).first()).toBeVisible()
  await expect(song.getByRole('button', { name: 'Entfernen' }).first()).toBeVisible()
  // An API POST of the page (the token refresh) is answered by the server and kept nowhere.
  expect((await page.evaluate(() => fetch('/api/auth/refresh/', { method: 'POST', credentials: 'include' }).then((r) => r.status))) < 500).toBe(true)

  await context.setOffline(true)
  await page.goto('/account')
  const saved = page.getByRole('region', { name: 'Offline gespeicherte Songs' })
  await expect(saved.getByRole('listitem')).toContainText(/^Fassung \d+: .+ · Bestellung Nr\. \d+/)
  const offlinePlayer = saved.locator('audio')
  const playing = await offlinePlayer.evaluate(
    (element) =>
      new Promise<number>((resolve, reject) => {
        const audio = element as HTMLAudioElement
        audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)), { once: true })
        audio.addEventListener(
          'timeupdate',
          function progressed() {
            if (audio.currentTime > 0) resolve(audio.readyState)
            else audio.addEventListener('timeupdate', progressed, { once: true })
          },
          { once: true },
        )
        audio.play().catch(reject)
      }),
  )
  expect(playing).toBeGreaterThanOrEqual(2)
  expect(await firstBytes(page, audioUrl)).toEqual({ status: 206, range: expect.stringMatching(/^bytes 0-15\/\d+$/), length: 16 })

  await context.setOffline(false)
  await page.goto('/account')
  const kept = await cachedUrls(page)
  expect(Object.keys(kept).filter((name) => name.startsWith('offline-songs-'))).toHaveLength(1)
  expect(
    Object.values(kept)
      .flat()
      .filter((path) => /^\/(admin|api|account)(\/|$)/.test(path)),
  ).toEqual([])
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(Object.keys(await cachedUrls(page)).filter((name) => name.startsWith('offline-songs-'))).toEqual([])
})
