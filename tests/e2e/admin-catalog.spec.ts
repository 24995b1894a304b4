import { silentWav } from '../support/audio'
import { expect, fromTheShop, logInToAdmin, test } from './support'

/** Screenshots for a person to look at (docs/admin.md: "Music and news"). */
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/shots-gdpr'

test('the seller adds a track in one step: drops the audio file, title and duration come from the file, picks a cover', async ({ page }) => {
  await logInToAdmin(page)
  await page.goto('/admin/collections/tracks/create')
  const dropzone = page.locator('#field-audio .dropzone')
  await expect(dropzone).toContainText(/drag & drop/i)

  // Drop a real WAV file on the field, as a person drags it from the desktop.
  const name = `abendruhe-${Date.now()}.wav`
  const dataTransfer = await page.evaluateHandle(
    ({ base64, fileName }) => {
      const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))
      const transfer = new DataTransfer()
      transfer.items.add(new File([bytes], fileName, { type: 'audio/wav' }))
      return transfer
    },
    { base64: silentWav(3).toString('base64'), fileName: name },
  )
  await dropzone.dispatchEvent('drop', { dataTransfer })

  // Payload's upload drawer opens with the file; saving it creates the audio document.
  const drawer = page.getByRole('dialog').filter({ hasText: name })
  await expect(drawer).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/track-upload-drawer.png`, fullPage: true })
  await drawer.getByRole('button', { name: 'Speichern', exact: true }).click()
  await expect(drawer).toBeHidden()
  await expect(page.locator('#field-audio')).toContainText(name)

  // A cover from the existing pictures, chosen right there.
  const coverField = page.locator('#field-cover')
  await coverField.getByRole('button', { name: 'Aus vorhandenen auswählen' }).click()
  const list = page.getByRole('dialog').filter({ has: page.locator('table') })
  await list.locator('tbody tr').first().locator('button, a').first().click()
  await expect(list).toBeHidden()
  await expect(coverField.getByRole('button', { name: 'Aus vorhandenen auswählen' })).toHaveCount(0)

  // The title is left empty: publishing takes it from the file, and the duration is read from the file, read-only.
  const main = page.locator('form').first()
  await main.getByRole('button', { name: 'Änderungen veröffentlichen', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/collections\/tracks\/\d+/)
  const expectedTitle = name.replace(/\.wav$/, '').replace(/-/g, ' ')
  await expect(page.getByRole('textbox', { name: /^Titel \*/ })).toHaveValue(expectedTitle)
  await expect(page.locator('#field-duration')).toHaveValue('3')
  await expect(page.locator('#field-duration')).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Vorschau' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/track-saved.png`, fullPage: true })

  // The storefront lists the new track at once, playable (its file became a public catalog track).
  const tracks = await (await page.request.get('/api/music/tracks/', { headers: fromTheShop })).json()
  const track = tracks.find((each: { title: string }) => each.title === expectedTitle)
  expect(track).toBeTruthy()
  expect(track.duration).toBe(3)
  expect(track.cover).toBeTruthy()
  expect((await page.request.get(track.audio)).status()).toBe(200)
})

test('German and English side by side: the seller writes the English name under the German one and saves it in place', async ({ page }) => {
  await logInToAdmin(page)
  const created = await page.request.post('/api/cms/use-types?locale=de', {
    headers: fromTheShop,
    data: { label: 'Waldbaden', slug: `waldbaden-${Date.now()}`, icon: 'leaf' },
  })
  expect(created.status()).toBe(201)
  const { doc } = await created.json()
  try {
    await page.goto(`/admin/collections/use-types/${doc.id}`)
    const english = page.getByLabel('Bezeichnung (Englisch)')
    // Not written yet: the English falls back to nothing, the field says so.
    await expect(english).toHaveValue('')
    await expect(english).toHaveAttribute('placeholder', 'noch nicht geschrieben')
    await english.fill('Forest bathing')
    await page.getByRole('button', { name: 'Englisch speichern' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Gespeichert.' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/use-type-side-by-side.png`, fullPage: true })

    // The German save of the form afterwards keeps the English.
    await page.locator('#field-label').fill('Waldbaden am Morgen')
    await page.getByRole('button', { name: 'Speichern', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Waldbaden am Morgen' })).toBeVisible()
    const listed = async (language: string) => {
      const answer = await page.request.get('/api/usetypes/', { headers: { ...fromTheShop, 'Accept-Language': language } })
      return ((await answer.json()) as { slug: string; label: string }[]).find((each) => each.slug === doc.slug)?.label
    }
    await expect.poll(() => listed('en')).toBe('Forest bathing')
    await expect.poll(() => listed('de')).toBe('Waldbaden am Morgen')

    // A required field emptied in the other language is refused in words, and nothing stored is lost.
    await page.reload()
    await english.fill('')
    await page.getByRole('button', { name: 'Englisch speichern' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Nicht gespeichert' })).toBeVisible()
    expect(await listed('en')).toBe('Forest bathing')
  } finally {
    await page.request.delete(`/api/cms/use-types/${doc.id}`, { headers: fromTheShop })
  }
})

test('a news article shows its YouTube video only after a click, from youtube-nocookie.com', async ({ page }) => {
  const news = await (await page.request.get('/music/news/')).json()
  const withVideo = news.find((item: { youtube_url: string | null }) => item.youtube_url)
  expect(withVideo).toBeTruthy()
  const response = await page.goto(`/news/${withVideo.id}`)
  expect(response?.headers()['content-security-policy']).toContain('frame-src https://www.youtube-nocookie.com')

  // The article's rich text: headings, a list and links rendered.
  await expect(page.locator('article h2, main h2').first()).toBeVisible()
  await expect(page.locator('main li').first()).toBeVisible()

  // First click: nothing from YouTube is loaded before the visitor agrees.
  const youtubeRequests: string[] = []
  page.on('request', (request) => {
    if (/youtube/.test(request.url())) youtubeRequests.push(request.url())
  })
  await expect(page.locator('iframe')).toHaveCount(0)
  await expect(page.getByText(/YouTube erhält Daten/)).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/news-video-before.png`, fullPage: true })
  expect(youtubeRequests).toEqual([])

  await page.getByRole('button', { name: 'Video laden (YouTube)' }).click()
  const frame = page.locator('iframe')
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?/)
  await expect(frame).toHaveAttribute('title', withVideo.title)
  await page.screenshot({ path: `${SHOTS}/news-video-after.png`, fullPage: true })
})
