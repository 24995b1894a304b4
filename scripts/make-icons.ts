/**
 * Renders the shop's icons from src/app/icon.svg (the browser tab uses the SVG itself):
 *  - src/app/favicon.ico: 16, 32 and 48 px for browsers and crawlers that ask for /favicon.ico,
 *  - src/app/apple-icon.png: 180 px on the page colour, for iOS home screens,
 *  - public/icons/icon-192.png, icon-512.png: the web app manifest's icons (src/app/manifest.ts).
 * Run `npx tsx scripts/make-icons.ts` after changing the SVG and commit the files.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { ROOT } from './lib/env'

const svg = readFileSync(path.join(ROOT, 'src', 'app', 'icon.svg'))
/** The light theme's page colour (globals.css --bg): home screens show no transparency. */
const PAGE_COLOUR = '#f6f3ee'

const png = (size: number, background?: string) => {
  const mark = sharp(svg, { density: 72 * 8 }).resize(background ? Math.round(size * 0.8) : size, background ? Math.round(size * 0.8) : size)
  if (!background) return mark.png().toBuffer()
  return mark
    .png()
    .toBuffer()
    .then((inner) => {
      const margin = Math.round(size * 0.1)
      return sharp({ create: { width: size, height: size, channels: 4, background } })
        .composite([{ input: inner, top: margin, left: margin }])
        .png()
        .toBuffer()
    })
}

/** An ICO file holding PNG images (the format every current browser reads). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(0, 0)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(images.length, 4)
  let offset = 6 + 16 * images.length
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16)
    entry.writeUInt8(size % 256, 0) // 0 means 256
    entry.writeUInt8(size % 256, 1)
    entry.writeUInt16LE(1, 4) // colour planes
    entry.writeUInt16LE(32, 6) // bits per pixel
    entry.writeUInt32LE(data.length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += data.length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images.map(({ data }) => data)])
}

const favicon = ico(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) }))))
writeFileSync(path.join(ROOT, 'src', 'app', 'favicon.ico'), favicon)
writeFileSync(path.join(ROOT, 'src', 'app', 'apple-icon.png'), await png(180, PAGE_COLOUR))
mkdirSync(path.join(ROOT, 'public', 'icons'), { recursive: true })
for (const size of [192, 512]) writeFileSync(path.join(ROOT, 'public', 'icons', `icon-${size}.png`), await png(size, PAGE_COLOUR))
console.log('Icons written.')
