import { defineConfig } from '@playwright/test'

/**
 * Browser tests in Debian's Chromium headless shell (/usr/bin/chromium-headless-shell, package
 * chromium-headless-shell): the same engine without the browser's window machinery; the whole
 * browser took more than twice the CPU over the same specs. Test tools cannot download their own
 * browser here. scripts/test.ts starts the shop and sets BASE_URL.
 */
export default defineConfig({
  testDir: 'tests',
  // Browser flows, and the browser half of the security suite (its Jest half is tests/security/*.test.ts).
  testMatch: ['e2e/**/*.spec.ts', 'security/**/*.spec.ts'],
  // scripts/test.ts runs the files marked `// @run-alone:` on their own, and the rest without them.
  testIgnore: process.env.E2E_IGNORE ? process.env.E2E_IGNORE.split(',') : [],
  fullyParallel: false,
  workers: 1,
  // A failed test runs once more with a trace (recording one for every test made the run a sixth
  // slower); scripts/test.ts counts a test that passed only on its retry as failed.
  retries: 1,
  timeout: 60000,
  expect: { timeout: 10000 },
  outputDir: 'test-results',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    locale: 'de-DE',
    screenshot: 'only-on-failure',
    // The shop's service worker (src/sw.ts) would install in every test's fresh browser context and
    // fill its caches: work no other test looks at, on a machine the three test lanes share.
    // tests/e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
})
