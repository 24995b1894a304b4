/**
 * Addresses of Next's image optimiser (/_next/image) for a picture of ours, as next/image's
 * default loader writes them: for the player, which shows the cover of a track chosen in the
 * browser, without next/image's client script, half of the player's script (issue 29). Pictures
 * rendered on the server use next/image's own getImageProps (StaticImage). The widths must be among
 * next.config's `images.deviceSizes` and Next's `imageSizes` (the optimiser refuses others).
 */

/** next/image's default quality, the only one the optimiser allows unless next.config names others. */
const QUALITY = 75

const optimizedUrl = (src: string, width: number) => `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${QUALITY}`

/** A picture always shown `width` CSS pixels wide: the 1x and 2x files, as next/image gives them. */
export function fixedWidthImage(src: string, width: number): { src: string; srcSet: string } {
  return { src: optimizedUrl(src, 2 * width), srcSet: `${optimizedUrl(src, width)} 1x, ${optimizedUrl(src, 2 * width)} 2x` }
}

/** A picture whose width follows the screen (`sizes`): one file per width, the browser picks. */
export function responsiveImage(src: string, widths: readonly number[]): { src: string; srcSet: string } {
  return { src: optimizedUrl(src, widths[widths.length - 1]!), srcSet: widths.map((width) => `${optimizedUrl(src, width)} ${width}w`).join(', ') }
}

/** The now-playing view's cover: up to 400 CSS pixels, 80 % of a phone's width (up to three device pixels a CSS pixel). */
export const NOW_PLAYING_COVER_WIDTHS = [384, 640, 828, 1080] as const
