import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { unzipSync } from 'fflate'
import pg from 'pg'
import { expect, expectAccessible, fromTheShop, test } from './support'

/**
 * Issue 33, "Meine Musik": a customer who owns the demo album "Wasser & Wind" finds it in the
 * account, and downloads it as one ZIP: its four tracks in order, the cover and the track list.
 * The album is put into the customer's music here, straight in the database, as a paid purchase
 * or a redeemed code does (the browser tests do not load Payload).
 */

/** Grants the customer `username` the demo album by its German title, as grantLibraryItem would. */
async function grantDemoAlbum(username: string, title: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const customer = await client.query<{ id: number }>('select id from users where username = $1', [username])
    const album = await client.query<{ id: number }>(`select _parent_id as id from music_groups_locales where title = $1 and _locale = 'de'`, [title])
    const row = await client.query<{ id: number }>(
      `insert into library_items (customer_id, kind, music_group_id, source, grant_key, granted_at)
       values ($1, 'music-group', $2, 'code', $3, now()) returning id`,
      [customer.rows[0]!.id, album.rows[0]!.id, `e2e:${randomBytes(6).toString('hex')}`],
    )
    await client.query(`insert into library_items_formats ("order", parent_id, value) values (1, $1, 'mp3')`, [row.rows[0]!.id])
  } finally {
    await client.end()
  }
}

test('a customer finds the album she owns in “Meine Musik” and downloads it as one ZIP with the tracks, the cover and the track list', async ({ page }) => {
  // Logged out, the page sends to the login and back.
  await page.goto('/account/music')
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fmusic$/)

  const username = `musik-${randomBytes(4).toString('hex')}`
  const password = `Ruhig-${randomBytes(6).toString('hex')}`
  expect(
    (await page.request.post('/api/accounts/register/', { data: { username, email: `${username}@example.com`, password }, headers: fromTheShop })).status(),
  ).toBe(201)
  await grantDemoAlbum(username, 'Wasser & Wind')
  await page.getByLabel('Benutzername oder E-Mail').fill(username)
  await page.getByLabel('Passwort', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await expect(page).toHaveURL(/\/account\/music$/)

  await page.goto('/account')
  await page.getByRole('link', { name: /Meine Musik/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Musik' })).toBeVisible()
  const album = page.getByRole('article', { name: 'Wasser & Wind' })
  await expect(album).toBeVisible()
  await expect(album.getByText(/Mit Download-Code eingelöst am/)).toBeVisible()
  await expectAccessible(page)

  const [download] = await Promise.all([page.waitForEvent('download'), album.getByRole('link', { name: 'Album als ZIP (MP3 (320 kbit/s))' }).click()])
  expect(download.suggestedFilename()).toMatch(/^Lina.Sommer.+Wasser.+Wind.+MP3.+\.zip$/)
  const entries = unzipSync(new Uint8Array(await readFile((await download.path())!)))
  expect(Object.keys(entries)).toEqual([
    '01 Meeresatem.mp3',
    '02 Waldlichtung.mp3',
    '03 Klarer Geist.mp3',
    '04 Mondsee.mp3',
    'cover.jpg',
    'Titelliste - Track list.txt',
  ])
  expect(entries['01 Meeresatem.mp3']!.length).toBeGreaterThan(10_000)
  const list = Buffer.from(entries['Titelliste - Track list.txt']!).toString('utf8')
  expect(list).toContain('Wasser & Wind')
  expect(list).toMatch(/04 {2}Mondsee/)
})
