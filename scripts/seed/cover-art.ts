import sharp from 'sharp'
import type { Localized } from './documents'
import { type Random, seededRandom } from './random'

/** Colours of one picture: a sky (top to horizon), a light source and layers from far to near. */
type Palette = {
  sky: readonly [string, string]
  glow: string
  layers: readonly [string, string, string, string]
}

/** Calm palettes for the catalog; every demo picture uses one of them. */
const PALETTES = {
  dawn: { sky: ['#e6b3b1', '#fbe4d0'], glow: '#fff5e6', layers: ['#dba5a5', '#bc8896', '#936d88', '#634f71'] },
  dusk: { sky: ['#2f2b5c', '#c08fae'], glow: '#ffdcc4', layers: ['#806196', '#5d4b82', '#3f3868', '#28254b'] },
  night: { sky: ['#0e1a38', '#3a5683'], glow: '#eef2fa', layers: ['#2c436c', '#21365a', '#182848', '#0f1b34'] },
  ocean: { sky: ['#94cdd2', '#e8f5f2'], glow: '#ffffff', layers: ['#80c0c5', '#5ba3ae', '#3d8494', '#25647b'] },
  forest: { sky: ['#adc4a7', '#eef2e3'], glow: '#fffbe8', layers: ['#9bb494', '#7d9b7b', '#5e7e63', '#41604b'] },
  lavender: { sky: ['#c3b9e2', '#f3eef8'], glow: '#fffaf3', layers: ['#b1a5d6', '#9587c1', '#7767a7', '#574b87'] },
  amber: { sky: ['#eebd78', '#fbe8c6'], glow: '#fff8e4', layers: ['#e2a665', '#c88955', '#a16c4b', '#6f4f3f'] },
  mist: { sky: ['#c6d4de', '#eff3f5'], glow: '#ffffff', layers: ['#b1c2ce', '#94a9ba', '#778fa3', '#597288'] },
} as const satisfies Record<string, Palette>

type PaletteName = keyof typeof PALETTES

/**
 * horizon: a sun or moon over calm water; dunes: soft hills; orbs: out-of-focus lights;
 * ripples: rings spreading on water, like sound.
 */
type Motif = 'horizon' | 'dunes' | 'orbs' | 'ripples'

export type ArtSpec = {
  /** Any text; the same seed always gives the same picture. */
  seed: string
  palette: PaletteName
  motif: Motif
  /** square: covers (1200 × 1200); wide: news and packages (1600 × 900). */
  shape: 'square' | 'wide'
}

const MOTIF_WORDS: Record<Motif, Localized> = {
  horizon: { de: 'ein heller Lichtkreis über ruhigem Wasser', en: 'a soft circle of light above calm water' },
  dunes: { de: 'sanfte Hügel unter einem hellen Lichtkreis', en: 'gentle hills beneath a soft circle of light' },
  orbs: { de: 'weich verschwommene Lichtkreise', en: 'softly blurred circles of light' },
  ripples: { de: 'Ringe, die sich auf dem Wasser ausbreiten,', en: 'rings spreading across water' },
}

const PALETTE_WORDS: Record<PaletteName, Localized> = {
  dawn: { de: 'in Rosé und Pfirsich', en: 'in rose and peach' },
  dusk: { de: 'in Violett und Abendrot', en: 'in violet and sunset pink' },
  night: { de: 'in tiefem Nachtblau', en: 'in deep night blue' },
  ocean: { de: 'in Türkis und Meeresblau', en: 'in turquoise and sea blue' },
  forest: { de: 'in Salbei- und Waldgrün', en: 'in sage and forest green' },
  lavender: { de: 'in Lavendel und Flieder', en: 'in lavender and lilac' },
  amber: { de: 'in warmem Bernstein', en: 'in warm amber' },
  mist: { de: 'in nebligem Blaugrau', en: 'in misty blue-grey' },
}

/** What the picture shows, for its alternative text. */
export const describeArt = ({ motif, palette }: ArtSpec): Localized => ({
  de: `${MOTIF_WORDS[motif].de} ${PALETTE_WORDS[palette].de}`,
  en: `${MOTIF_WORDS[motif].en} ${PALETTE_WORDS[palette].en}`,
})

const SIZES = { square: { width: 1200, height: 1200 }, wide: { width: 1600, height: 900 } } as const

type Canvas = { width: number; height: number; palette: Palette; random: Random }

const round = (value: number) => Math.round(value * 10) / 10

/** A closed shape whose top edge is a gentle wave made of two sines, filled down to the bottom. */
function wavePath({ width, height, random }: Canvas, baseline: number, amplitude: number, cycles: number): string {
  const slowCycles = cycles * random.between(0.35, 0.6)
  const [phaseA, phaseB] = [random.between(0, 2 * Math.PI), random.between(0, 2 * Math.PI)]
  const steps = 160
  const points: string[] = []
  for (let i = 0; i <= steps; i++) {
    const u = i / steps
    const y = baseline + amplitude * (0.65 * Math.sin(2 * Math.PI * cycles * u + phaseA) + 0.35 * Math.sin(2 * Math.PI * slowCycles * u + phaseB))
    points.push(`${round(u * width)} ${round(y)}`)
  }
  return `M0 ${height} L${points.join(' L')} L${width} ${height} Z`
}

/** A light source with a wide halo. */
function sun(canvas: Canvas, cx: number, cy: number, radius: number): string {
  const halo = Math.max(canvas.width, canvas.height) * 0.55
  return [
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(halo)}" fill="url(#halo)"/>`,
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(radius)}" fill="${canvas.palette.glow}" opacity="0.92"/>`,
  ].join('')
}

/** Sea, hills: a sun behind four layers that grow darker towards the viewer. */
function landscape(canvas: Canvas, hills: boolean): string {
  const { width, height, palette, random } = canvas
  const size = Math.min(width, height)
  const horizon = height * (hills ? random.between(0.5, 0.58) : random.between(0.56, 0.62))
  const cx = width * random.between(0.3, 0.7)
  const radius = size * (hills ? random.between(0.09, 0.13) : random.between(0.1, 0.14))
  const cy = horizon - (hills ? radius * random.between(1.2, 2.4) : radius * random.between(0.2, 0.7))
  const parts = [sun(canvas, cx, cy, radius)]
  const depth = height - horizon
  palette.layers.forEach((colour, index) => {
    const baseline = horizon + depth * [0, 0.22, 0.45, 0.7][index]!
    const amplitude = hills ? size * random.between(0.03, 0.07) : size * random.between(0.004, 0.012)
    const cycles = hills ? random.between(0.6, 1.4) : random.between(2, 4.5)
    parts.push(`<path d="${wavePath(canvas, baseline, amplitude, cycles)}" fill="${colour}" opacity="${0.82 + index * 0.06}"/>`)
  })
  if (!hills) {
    // Glints of the sun on the water, below it, narrowing towards the viewer.
    for (let i = 0; i < 9; i++) {
      const y = horizon + depth * (0.04 + i * 0.075)
      const half = radius * random.between(0.15, 0.55) * (1 - i * 0.07)
      const x = cx + radius * random.between(-0.5, 0.5) * (1 + i * 0.1)
      parts.push(
        `<rect x="${round(x - half)}" y="${round(y)}" width="${round(2 * half)}" height="${round(size * 0.005)}" rx="${round(size * 0.0025)}" fill="${palette.glow}" opacity="${round(0.55 - i * 0.045)}"/>`,
      )
    }
  }
  return parts.join('')
}

/** Out-of-focus circles of light: large soft ones behind, a few smaller, clearer ones in front. */
function orbs(canvas: Canvas): string {
  const { width, height, random } = canvas
  const size = Math.min(width, height)
  const parts: string[] = []
  const orb = (gradient: string, radius: number, opacity: number) =>
    `<circle cx="${round(random.between(0.05, 0.95) * width)}" cy="${round(random.between(0.05, 0.95) * height)}" r="${round(radius)}" fill="url(#${gradient})" opacity="${round(opacity)}"/>`
  for (let i = 0; i < 6; i++) parts.push(orb(`soft${i % 5}`, size * random.between(0.22, 0.42), random.between(0.55, 0.9)))
  for (let i = 0; i < 7; i++) parts.push(orb(`clear${random.pick([0, 0, 1, 2])}`, size * random.between(0.03, 0.09), random.between(0.35, 0.75)))
  return parts.join('')
}

/** Rings spreading from a point of light. */
function ripples(canvas: Canvas): string {
  const { width, height, palette, random } = canvas
  const size = Math.min(width, height)
  const cx = width * random.between(0.38, 0.62)
  const cy = height * random.between(0.4, 0.6)
  const parts = [sun(canvas, cx, cy, size * 0.05)]
  const first = size * random.between(0.08, 0.11)
  const growth = random.between(1.22, 1.32)
  for (let i = 0, r = first; i < 10; i++, r *= growth) {
    const colour = i % 2 === 0 ? palette.glow : palette.layers[i % 4 === 1 ? 1 : 2]
    parts.push(
      `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${colour}" stroke-width="${round(size * (0.006 - i * 0.0004))}" opacity="${round(0.75 - i * 0.065)}"/>`,
    )
  }
  return parts.join('')
}

const softOrbGradient = (id: string, colour: string) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.85"/><stop offset="0.5" stop-color="${colour}" stop-opacity="0.45"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`

const clearOrbGradient = (id: string, colour: string) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="0.5"/><stop offset="0.82" stop-color="${colour}" stop-opacity="0.65"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`

function svg(spec: ArtSpec): string {
  const { width, height } = SIZES[spec.shape]
  const palette = PALETTES[spec.palette]
  const canvas: Canvas = { width, height, palette, random: seededRandom(`${spec.motif}:${spec.seed}`) }
  const scene =
    spec.motif === 'horizon' || spec.motif === 'dunes' ? landscape(canvas, spec.motif === 'dunes') : spec.motif === 'orbs' ? orbs(canvas) : ripples(canvas)
  const isOrbs = spec.motif === 'orbs'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="${isOrbs ? 1 : 0}" y2="1">
      <stop offset="0" stop-color="${palette.sky[0]}"/>
      <stop offset="1" stop-color="${palette.sky[1]}"/>
    </linearGradient>
    <radialGradient id="halo">
      <stop offset="0" stop-color="${palette.glow}" stop-opacity="0.7"/>
      <stop offset="0.35" stop-color="${palette.glow}" stop-opacity="0.22"/>
      <stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="vignette" r="0.75">
      <stop offset="0.55" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.22"/>
    </radialGradient>
    ${isOrbs ? [palette.glow, ...palette.layers].map((colour, i) => softOrbGradient(`soft${i}`, colour)).join('') : ''}
    ${isOrbs ? [palette.glow, palette.layers[0], palette.sky[1]].map((colour, i) => clearOrbGradient(`clear${i}`, colour)).join('') : ''}
  </defs>
  <rect width="${width}" height="${height}" fill="url(#sky)"/>
  ${scene}
  <rect width="${width}" height="${height}" fill="url(#vignette)"/>
</svg>`
}

/** The picture as a JPEG. */
export function renderArt(spec: ArtSpec): Promise<Buffer> {
  return sharp(Buffer.from(svg(spec)))
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer()
}
