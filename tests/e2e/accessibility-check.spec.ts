import { expect, test } from '@playwright/test'
import { severeAccessibilityViolations } from './support'

// The check every page test calls (expectAccessible) must still see what it is there to see.
test('the accessibility check finds a nameless button, an image without text and grey on grey', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="de"><head><title>Probe</title></head><body><main>
    <h1>Probe</h1>
    <button><svg width="16" height="16"></svg></button>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <p style="color:#999;background:#aaa">kaum lesbar</p>
  </main></body></html>`)
  const violations = (await severeAccessibilityViolations(page)).map((violation) => violation.split(':')[0])
  expect(violations).toEqual(expect.arrayContaining(['button-name', 'image-alt', 'color-contrast']))
})
