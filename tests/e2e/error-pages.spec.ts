// @run-alone: it locks tables and cancels the queries that wait for them, whoever made them.
import pg from 'pg'
import type { Page, Response } from '@playwright/test'
import { CATALOG_CHANGES_CHANNEL } from '../../src/catalog/sources'
import { expect, expectAccessible, test, useLanguage } from './support'

/*
 * Pages that fail and load gracefully (src/app/(frontend)/error.tsx, global-error.tsx, the music
 * group's loading.tsx and error.tsx). A read is made to fail from outside, without a back door in
 * the shop: the test locks the table the page reads, PostgreSQL cancels the page's query that
 * waits for the lock (pg_cancel_backend, what a statement timeout or an operator does to a real
 * request), then the lock goes. The catalog's cache is told that the table changed first (the
 * NOTIFY every save sends), so the page really asks the database. Straight SQL: the Playwright
 * runner does not load Payload; this file runs alone (scripts/test.ts), so nothing else waits.
 */

const database = async () => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  return client
}

/** Cancels the queries that wait for a lock on `table`; how many there were. */
async function cancelQueriesWaitingFor(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query(
    `SELECT pg_cancel_backend(l.pid) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
     WHERE NOT l.granted AND c.relname = $1 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [table],
  )
  return rows.length
}

/**
 * Opens `path` while `table` is locked, cancels every read of it the page makes and answers the
 * page's response once the page has failed. The lock is gone when this returns.
 */
async function openWhileReadsFail(page: Page, path: string, table: string, source: string): Promise<Response | null> {
  const holder = await database()
  try {
    await holder.query('SELECT pg_notify($1, $2)', [CATALOG_CHANGES_CHANNEL, source])
    await holder.query('BEGIN')
    await holder.query(`LOCK TABLE "${table}" IN ACCESS EXCLUSIVE MODE`)
    const canceller = await database()
    try {
      const navigation = page.goto(path)
      const settled = navigation.then(
        () => true,
        () => true,
      )
      let cancelled = 0
      while (!(await Promise.race([settled, new Promise<false>((resolve) => setTimeout(() => resolve(false), 100))]))) {
        cancelled += await cancelQueriesWaitingFor(canceller, table)
      }
      expect(cancelled, `reads of ${table} cancelled`).toBeGreaterThan(0)
      return await navigation
    } finally {
      await canceller.end()
    }
  } finally {
    await holder.query('ROLLBACK').catch(() => {})
    await holder.end()
  }
}

/** What the page wrote to the browser's console as errors. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test('a page whose read fails shows a calm error page in German, logs the error, and "Erneut versuchen" loads it', async ({ page }) => {
  const [article] = await (await page.request.get('/music/news/')).json()
  const errors = consoleErrors(page)
  const response = await openWhileReadsFail(page, `/news/${article.id}`, 'news', 'news')
  expect(response?.status()).toBe(500)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hier ist etwas schiefgelaufen')
  await expect(page.getByText('Diese Seite konnte gerade nicht geladen werden.')).toBeVisible()
  // The site's header and footer stay around it.
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Zur Startseite', exact: true })).toHaveAttribute('href', '/')
  expect(errors.some((text) => text.startsWith('The page could not be loaded:'))).toBe(true)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Erneut versuchen' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
  await expect(page).toHaveURL(new RegExp(`/news/${article.id}$`))
})

test('in English the error page speaks English, and its link leads home', async ({ page }) => {
  await useLanguage(page, 'en')
  const [category] = await (await page.request.get('/api/music/categories/')).json()
  await openWhileReadsFail(page, `/category/${category.id}`, 'categories', 'categories')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Something went wrong here')
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the home page', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Music that lets you come to rest/)
})

test('a music group that fails to load keeps showing "Lädt..." and only logs the failure (spec section 8)', async ({ page }) => {
  const [group] = await (await page.request.get('/api/music/music-groups/')).json()
  const errors = consoleErrors(page)
  await openWhileReadsFail(page, `/music-group/${group.id}`, 'music_groups', 'music-groups')
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Lädt...')
  await expect(page.getByRole('button', { name: 'Alle abspielen' })).toHaveCount(0)
  expect(errors.some((text) => text.startsWith('The music group could not be loaded:'))).toBe(true)
  // An unknown group is still a plain 404 (the status is settled before the page streams).
  expect((await page.goto('/music-group/999999'))?.status()).toBe(404)
})

test('when the site’s layout fails, a page of its own in German and English leads home', async ({ page }) => {
  const errors = consoleErrors(page)
  // The footer reads the settings (social links, trader name): the layout itself fails.
  await openWhileReadsFail(page, '/contact', 'settings', 'settings')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hier ist etwas schiefgelaufen · Something went wrong here')
  await expect(page.getByRole('button', { name: 'Erneut versuchen · Try again' })).toBeVisible()
  expect(errors.some((text) => text.startsWith('The page could not be loaded:'))).toBe(true)
  await page.getByRole('link', { name: 'Zur Startseite · Go to the home page' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Musik, die dich zur Ruhe kommen lässt/)
})
