import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Frame, Page } from '@playwright/test'
import { expect, expectAccessible, sellerAuthorization, test } from './support'

/**
 * Issue 34: the embeddable player inside another site's <iframe>. The other site is a tiny page
 * served here from a port of its own on `localhost` (the shop is 127.0.0.1: another origin, and
 * another site, so the shop is a third party in it, as in a blog). Service workers are allowed in
 * this file, so that a registration would show.
 */
test.use({ serviceWorkers: 'allow' })

const SHOP = new URL(process.env.BASE_URL ?? 'http://127.0.0.1:3000')

let otherSite: http.Server
let otherOrigin = ''
/** What the other site's page frames, set per test. */
let framed = ''

test.beforeAll(async () => {
  otherSite = http.createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(
      `<!doctype html><html lang="de"><title>Ein Yoga-Blog</title><h1>Mein Blog</h1><iframe src="${framed}" width="480" height="420" title="Player"></iframe>`,
    )
  })
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve))
  otherOrigin = `http://localhost:${(otherSite.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => otherSite.close(resolve))
})

/** An album of the seeded catalog with tracks. */
async function anAlbum(page: Page): Promise<{ id: number; title: string; tracks: { title: string }[] }> {
  const groups = (await (await page.request.get('/api/music/music-groups/')).json()) as { id: number; title: string; tracks: { title: string }[] }[]
  const album = groups.find((group) => group.tracks.length > 1)
  expect(album).toBeTruthy()
  return album!
}

const frameOf = async (page: Page, path: string): Promise<Frame> => {
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(SHOP.origin + path))).toBe(true)
  return page.frames().find((frame) => frame.url().startsWith(SHOP.origin + path))!
}

test('the album player works inside an iframe on another site: plays, sets no cookie, registers no service worker', async ({ page }) => {
  const album = await anAlbum(page)
  framed = `${SHOP.origin}/embed/album/${album.id}`
  await page.goto(otherOrigin)
  const player = page.frameLocator('iframe')
  await expect(player.getByRole('heading', { level: 1 })).toHaveText(album.tracks[0]!.title)
  await expect(player.getByRole('list', { name: 'Titel' }).getByRole('button')).toHaveCount(album.tracks.length)
  const link = player.getByRole('link', { name: 'Auf Lina Sommer anhören / kaufen' })
  await expect(link).toHaveAttribute('href', `${SHOP.origin}/music-group/${album.id}`)
  await expect(link).toHaveAttribute('target', '_blank')

  const frame = await frameOf(page, `/embed/album/${album.id}`)
  const position = () => frame.evaluate(() => document.querySelector('audio')!.currentTime)
  await player.getByRole('button', { name: 'Abspielen' }).click()
  await expect.poll(position, { timeout: 15000 }).toBeGreaterThan(0.3)
  await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()
  // The waveform seek bar: a click in its middle jumps to about half the track.
  const seek = player.getByRole('slider', { name: 'Position im Titel' })
  const box = (await seek.boundingBox())!
  await seek.click({ position: { x: box.width / 2, y: box.height / 2 } })
  const duration = await frame.evaluate(() => document.querySelector('audio')!.duration)
  await expect.poll(position).toBeGreaterThan(duration * 0.4)
  // Another row of the list plays that track.
  await player.getByRole('list', { name: 'Titel' }).getByRole('button').nth(1).click()
  await expect(player.getByRole('heading', { level: 1 })).toHaveText(album.tracks[1]!.title)
  await expect.poll(() => frame.evaluate(() => !document.querySelector('audio')!.paused)).toBe(true)
  await player.getByRole('button', { name: 'Pause' }).click()

  // Given time to register one (the storefront does when idle), nothing is stored and nothing registered.
  await page.waitForTimeout(1500)
  expect(await page.context().cookies(SHOP.origin)).toEqual([])
  expect(await frame.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0)
  expect(page.context().serviceWorkers()).toEqual([])
})

test('the English player of a track, and a draft track’s embed is 404', async ({ page }) => {
  const authorization = await sellerAuthorization()
  const album = await anAlbum(page)
  const detail = (await (await page.request.get(`/api/cms/music-groups/${album.id}?depth=1`, { headers: authorization })).json()) as {
    tracks: { id: number; audio: number | { id: number } }[]
  }
  const [track] = detail.tracks
  framed = `${SHOP.origin}/en/embed/track/${track!.id}`
  await page.goto(otherOrigin)
  const player = page.frameLocator('iframe')
  await expect(player.getByRole('button', { name: 'Play' })).toBeVisible()
  await expect(player.getByRole('link', { name: 'Listen / buy on Lina Sommer' })).toHaveAttribute('href', `${SHOP.origin}/music-group/${album.id}`)
  await page.goto(framed)
  await expectAccessible(page)

  const audio = typeof track!.audio === 'object' ? track!.audio.id : track!.audio
  const created = await page.request.post('/api/cms/tracks?draft=true', {
    headers: { ...authorization, Origin: SHOP.origin },
    data: { title: 'Noch nicht erschienen', audio, _status: 'draft' },
  })
  expect(created.status()).toBe(201)
  const draft = ((await created.json()) as { doc: { id: number } }).doc
  try {
    const response = await page.request.get(`/embed/track/${draft.id}`)
    expect(response.status()).toBe(404)
    expect(await response.text()).not.toContain('Noch nicht erschienen')
  } finally {
    await page.request.delete(`/api/cms/tracks/${draft.id}`, { headers: { ...authorization, Origin: SHOP.origin } })
  }
})

test('every other page refuses to be framed', async ({ page }) => {
  const album = await anAlbum(page)
  for (const path of ['/', `/music-group/${album.id}`, '/login']) {
    const response = await page.request.get(path)
    expect(response.headers()['x-frame-options']).toBe('DENY')
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  }
  framed = `${SHOP.origin}/music-group/${album.id}`
  await page.goto(otherOrigin)
  // Chromium shows its error page in the frame instead of the album page.
  await page.waitForTimeout(1000)
  await expect(page.frameLocator('iframe').getByRole('heading', { name: album.title })).toHaveCount(0)
})
