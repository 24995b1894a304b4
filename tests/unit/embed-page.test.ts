import { embedTargetOf } from '@/embed/oembed'
import { renderEmbedPage } from '@/embed/embed-page'
import { isEmbedPath } from '@/rules/embed'

/** Issue 34: the embed page is HTML written as a string, so every catalog value must arrive escaped. */

const hostile = '"><script>alert(1)</script>'

const page = () =>
  renderEmbedPage({
    content: {
      kind: 'album',
      id: 7,
      title: hostile,
      album: { id: 7, title: hostile },
      cover: {
        small: { url: '/media/images/a.webp?x="1"', width: 160, height: 160, alt: hostile },
        large: { url: '/media/images/b.webp', width: 480, height: 480, alt: '' },
      },
      tracks: [
        { id: 1, title: hostile, audio: '/media/audio/a&b.mp3', duration: 83.4, wave: 'M0 20Z' },
        { id: 2, title: 'Zwei', audio: '/media/audio/b.mp3', duration: null, wave: '' },
      ],
    },
    locale: 'de',
    nonce: 'abc"def',
    shopUrl: 'https://shop.example/music-group/7',
    oembedUrl: 'https://shop.example/api/oembed?format=json&url=x',
    texts: { shop: 'Lina & Sommer', listenOn: hostile, play: 'Abspielen', pause: 'Pause', seek: 'Position', trackList: 'Titel', coverOf: hostile },
  })

describe('the embed page', () => {
  it('escapes every value it writes and carries one script, with the nonce', () => {
    const html = page()
    expect(html).not.toContain('<script>alert')
    expect(html.match(/<script\b/g)).toHaveLength(1)
    expect(html).toContain('<script nonce="abc&quot;def">')
    expect(html).toContain('data-src="/media/audio/a&amp;b.mp3"')
    expect(html).toContain('src="/media/images/a.webp?x=&quot;1&quot;"')
    expect(html).toContain('<p class="artist">Lina &amp; Sommer</p>')
    expect(html).toContain('href="https://shop.example/music-group/7" target="_blank" rel="noopener"')
    // The script is the player function itself, called at once.
    expect(html).toMatch(/<script nonce="[^"]*">\(function embedPlayer\(\)[\s\S]*\)\(\)<\/script>/)
  })
})

describe('embed paths', () => {
  it('are exactly the paths below /embed/ and /en/embed/', () => {
    for (const path of ['/embed/album/1', '/en/embed/track/2', '/embed/x']) expect(isEmbedPath(path)).toBe(true)
    for (const path of ['/embed', '/embedded', '/en/embedded/1', '/music/embed/1', '/de/embed/1']) expect(isEmbedPath(path)).toBe(false)
  })

  it('oEmbed knows album pages and embed pages of the shop, nothing else', () => {
    const origin = new URL(process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).origin
    expect(embedTargetOf(new URL(`${origin}/music-group/12?x=1#a`))).toEqual({ kind: 'album', id: 12, locale: 'de' })
    expect(embedTargetOf(new URL(`${origin}/en/embed/track/3/`))).toEqual({ kind: 'track', id: 3, locale: 'en' })
    expect(embedTargetOf(new URL(`${origin}/embed/playlist/3`))).toBeNull()
    expect(embedTargetOf(new URL(`${origin}/music-group/012`))).toBeNull()
    expect(embedTargetOf(new URL('https://evil.example/music-group/12'))).toBeNull()
  })
})
