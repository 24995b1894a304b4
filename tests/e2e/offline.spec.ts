import { randomBytes } from 'node:crypto'
import { type Page, request } from '@playwright/test'
import { CONSENTS } from '../support/orders'
import { expect, fromTheShop, logInToAdmin, sellerAuthorization, sellerDelivers, sellerSetsStatuses, test } from './support'

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
/**
 * Every cache with the paths it holds. It opens each cache, which creates one anew that the
 * worker has just deleted: only for moments when no hand-over of the offline data can be under way.
 */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {}
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname)
    return all
  })

/** The names of the caches, read without opening any (so also while the worker deletes some). */
const cacheNames = (page: Page) => page.evaluate(() => caches.keys())

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

/** The demo customer (who has a delivered song) logs in through the storefront's login call. */
async function logInAsDemoCustomer(page: Page): Promise<void> {
  const login = await page.request.post('/api/auth/', {
    data: { username: 'demo-kundin', password: process.env.DEMO_CUSTOMER_PASSWORD ?? '' },
    headers: fromTheShop,
  })
  expect(login.status()).toBe(200)
}

test('a saved song plays offline on /account, with Range requests answered from the cache; logging out removes it', async ({ page, context }) => {
  await logInAsDemoCustomer(page)
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
  expect((await cacheNames(page)).filter((name) => name.startsWith('offline-songs-'))).toEqual([])
})

/** The names of the caches of saved songs (one per account). */
const savedSongCaches = async (page: Page) => (await cacheNames(page)).filter((name) => name.startsWith('offline-songs-'))

/**
 * Whom the worker has handed the offline data to, with the song caches left: a failure then says
 * whether the hand-over did not happen or a cache came back after it.
 */
const offlineData = async (page: Page) => ({
  belongsTo: await page.evaluate(async () => {
    const record = await caches.match('/offline-account/', { cacheName: 'offline-account' })
    return record ? ((await record.json()) as { account: string | null }).account : 'nobody recorded'
  }),
  songCaches: await savedSongCaches(page),
})

/**
 * Which of `paths` are kept for offline visits, in any cache: looked up with `caches.match`, which
 * never creates a cache. (Opening each cache to list it once re-created, empty, the song cache
 * the worker was deleting in a hand-over, and every later look found it still there.)
 */
const keptPages = (page: Page, paths: string[]) =>
  page.evaluate(
    async (wanted) =>
      (await Promise.all(wanted.map(async (path) => ((await caches.match(path, { ignoreVary: true })) ? path : null)))).filter((path) => path !== null),
    paths,
  )

/** The first album's page, a catalog page the worker keeps. */
async function anAlbum(page: Page): Promise<string> {
  const [group] = await (await page.request.get('/api/music/music-groups/')).json()
  return `/music-group/${group.id}`
}

/** Opens the order page and saves its first delivered song with "Offline speichern". */
async function saveFirstSong(page: Page, orderPage: string) {
  await page.goto(orderPage)
  const song = page.getByRole('region', { name: 'Dein Song' })
  await song.getByRole('button', { name: 'Offline speichern' }).first().click()
  await expect(song.getByText(/offline gespeichert$/).first()).toBeVisible()
}

test('a session that ends without the logout button (the password changed elsewhere): the next online page forgets its saved songs and the pages kept for it', async ({
  page,
  context,
}) => {
  const username = `offline-${randomBytes(4).toString('hex')}`
  const password = `Ruhig-${randomBytes(6).toString('hex')}`
  const registered = await page.request.post('/api/accounts/register/', {
    data: { username, email: `${username}@example.com`, password },
    headers: fromTheShop,
  })
  expect(registered.status()).toBe(201)
  const accountId: number = (await registered.json()).id
  expect((await page.request.post('/api/auth/', { data: { username, password }, headers: fromTheShop })).status()).toBe(200)
  const placed = await page.request.post('/api/orders/', {
    data: { package: 'soundtouch', use_type: 'meditation', theme: 'inner-peace', payment_method: 'prepayment', ...CONSENTS },
    headers: fromTheShop,
  })
  expect(placed.status()).toBe(201)
  const orderId: number = (await placed.json()).id
  await sellerSetsStatuses(orderId, ['paid'])
  await sellerDelivers(orderId, 'offline-fassung.wav', 'Dein Offline-Lied')

  await page.goto('/')
  await workerControls(page)
  // A catalog page seen while logged in: the worker keeps it as rendered for this account (its header: "Abmelden").
  const album = await anAlbum(page)
  await page.goto(album)
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
  await saveFirstSong(page, `/account/orders/${orderId}`)
  expect(await savedSongCaches(page)).toEqual([`offline-songs-${accountId}`])
  expect(await keptPages(page, [album])).toEqual([album])

  // The password is changed elsewhere (here by the seller): every session of the account ends; the browser still holds its cookie.
  const seller = await request.newContext({ baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000' })
  const changed = await seller.patch(`/api/cms/users/${accountId}`, {
    data: { password: `Neu-${randomBytes(6).toString('hex')}` },
    headers: await sellerAuthorization(),
  })
  expect(changed.status()).toBe(200)
  await seller.dispose()
  expect(await (await page.request.get('/api/whoami/', { headers: fromTheShop })).json()).toEqual({ user: null })

  // The next page loaded online finds nobody logged in: the songs and the pages kept for the account are gone.
  await page.goto('/music')
  await expect.poll(() => offlineData(page)).toEqual({ belongsTo: null, songCaches: [] })
  await expect.poll(() => keptPages(page, [album])).toEqual([])

  await context.setOffline(true)
  await page.goto(album)
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0)
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Offline gespeicherte Songs' })).toHaveCount(0)
  await context.setOffline(false)
})

test("two accounts in one browser: once another customer logs in, the first one's saved songs and kept pages are gone and the offline page never lists them", async ({
  page,
  context,
}) => {
  await logInAsDemoCustomer(page)
  await page.goto('/account')
  await workerControls(page)
  const album = await anAlbum(page)
  await page.goto(album)
  await page.goto('/account')
  const delivered = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'DeepFlow' }) })
  await saveFirstSong(page, (await delivered.getByRole('link', { name: /Details/ }).getAttribute('href'))!)
  const [firstAccountsSongs] = await savedSongCaches(page)
  expect(firstAccountsSongs).toMatch(/^offline-songs-\d+$/)

  // Another customer logs in in the same browser, without the first one logging out.
  const username = `zweite-${randomBytes(4).toString('hex')}`
  const password = `Ruhig-${randomBytes(6).toString('hex')}`
  const registered = await page.request.post('/api/accounts/register/', {
    data: { username, email: `${username}@example.com`, password },
    headers: fromTheShop,
  })
  expect(registered.status()).toBe(201)
  const secondAccount = String((await registered.json()).id)
  expect((await page.request.post('/api/auth/', { data: { username, password }, headers: fromTheShop })).status()).toBe(200)
  await page.goto('/account')
  await expect(page.getByText(`Hallo ${username}!`)).toBeVisible()
  // The worker hands over once the server confirms the new login (it may ask three times when busy).
  await expect.poll(() => offlineData(page), { timeout: 20_000 }).toEqual({ belongsTo: secondAccount, songCaches: [] })
  await expect.poll(() => keptPages(page, [album])).toEqual([])

  await context.setOffline(true)
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Offline gespeicherte Songs' })).toHaveCount(0)
  await context.setOffline(false)
})

test('a login that expires: the next online page forgets the pages kept while it lasted, also when no song was saved', async ({ page, context }) => {
  await logInAsDemoCustomer(page)
  await page.goto('/')
  await workerControls(page)
  const album = await anAlbum(page)
  await page.goto(album)
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible()
  expect(await keptPages(page, [album])).toEqual([album])

  // The login cookie expires (the browser drops it); the next page is loaded online.
  await context.clearCookies({ name: 'payload-token' })
  await page.goto('/news')
  await expect(page.getByRole('link', { name: 'Anmelden' })).toBeVisible()
  await expect.poll(() => keptPages(page, [album])).toEqual([])

  // Offline, the album is not shown as the customer saw it (logged in).
  await context.setOffline(true)
  await page.goto(album)
  await expect(page.getByRole('heading', { level: 1, name: 'Du bist offline' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Abmelden' })).toHaveCount(0)
  await context.setOffline(false)
})
