import { readFileSync } from 'node:fs'
import path from 'node:path'
import { imageConfigDefault } from 'next/dist/shared/lib/image-config'
import { getImageProps } from 'next/image'
import { fixedWidthImage, NOW_PLAYING_COVER_WIDTHS, responsiveImage } from '@/components/media/optimized-image'

const COVER = '/media/images/cover äb 1.jpg'

describe("the player's picture addresses (Next's image optimiser without next/image's client script)", () => {
  it('a fixed-width cover gets the same src and 1x/2x srcset as next/image gives it', () => {
    const { props } = getImageProps({ src: COVER, width: 48, height: 48, alt: '' })
    expect(fixedWidthImage(COVER, 48)).toEqual({ src: props.src, srcSet: props.srcSet })
  })

  it("a responsive cover names one file per width, each a width the optimiser allows (next.config's deviceSizes or Next's imageSizes)", () => {
    const { props } = getImageProps({ src: COVER, width: 640, height: 640, alt: '', sizes: '400px' })
    const nextWidths = new Map((props.srcSet ?? '').split(', ').map((entry) => [Number(entry.split(' ')[1]!.slice(0, -1)), entry.split(' ')[0]]))
    const config = readFileSync(path.join(process.cwd(), 'next.config.mjs'), 'utf8')
    const deviceSizes = (/deviceSizes: \[([\d, ]+)\]/.exec(config)?.[1] ?? '').split(',').map(Number)
    expect(deviceSizes.length).toBeGreaterThan(0)
    const { srcSet } = responsiveImage(COVER, NOW_PLAYING_COVER_WIDTHS)
    const ours = srcSet.split(', ').map((entry) => entry.split(' '))
    expect(ours.map(([, descriptor]) => descriptor)).toEqual(NOW_PLAYING_COVER_WIDTHS.map((width) => `${width}w`))
    for (const [url, descriptor] of ours) {
      const width = Number(descriptor!.slice(0, -1))
      expect(deviceSizes.includes(width) || imageConfigDefault.imageSizes.includes(width)).toBe(true)
      // Where next/image names the same width (its default sizes), the address is the same.
      if (nextWidths.has(width)) expect(url).toBe(nextWidths.get(width))
    }
  })
})
