import { downloadFormatsFor, masterFormatOf } from '@/downloads/formats'
import { checkDownloadLink, DOWNLOAD_LINK_SECONDS, type DownloadGrant, grantFrom, signedDownloadPath } from '@/downloads/signed-link'

const SECRET = 'unit-test-secret'
const NOW = 1_800_000_000

/** The grant and signature back from a signed path, as the download route reads them. */
function parse(pathWithQuery: string): { grant: DownloadGrant; signature: string } {
  const url = new URL(pathWithQuery, 'http://shop.test')
  const [, , , audio, format] = url.pathname.split('/')
  return {
    grant: {
      user: Number(url.searchParams.get('u')),
      audio: Number(audio),
      format: format as DownloadGrant['format'],
      expires: Number(url.searchParams.get('e')),
    },
    signature: url.searchParams.get('s') ?? '',
  }
}

describe('signed download links', () => {
  const grant = grantFrom(NOW, { user: 7, audio: 42, format: 'mp3' })

  it('are valid for five minutes and name user, file, format and expiry', () => {
    expect(DOWNLOAD_LINK_SECONDS).toBe(300)
    const path = signedDownloadPath(SECRET, grant)
    expect(path).toMatch(new RegExp(`^/api/downloads/42/mp3/\\?u=7&e=${NOW + 300}&s=[A-Za-z0-9_-]{43}$`))
    const { grant: read, signature } = parse(path)
    expect(checkDownloadLink(SECRET, read, signature, NOW)).toEqual({ ok: true, grant })
    expect(checkDownloadLink(SECRET, read, signature, NOW + 300)).toEqual({ ok: true, grant })
  })

  it('expire after their time, but only when genuine', () => {
    const { grant: read, signature } = parse(signedDownloadPath(SECRET, grant))
    expect(checkDownloadLink(SECRET, read, signature, NOW + 301)).toEqual({ ok: false, reason: 'expired' })
    expect(checkDownloadLink(SECRET, { ...read, expires: NOW - 10 }, signature, NOW + 301)).toEqual({ ok: false, reason: 'tampered' })
  })

  it('refuse any changed part, another secret, and a mangled signature', () => {
    const { grant: read, signature } = parse(signedDownloadPath(SECRET, grant))
    for (const changed of [
      { ...read, user: 8 },
      { ...read, audio: 43 },
      { ...read, format: 'original' as const },
      { ...read, expires: read.expires + 1 },
    ]) {
      expect(checkDownloadLink(SECRET, changed, signature, NOW)).toEqual({ ok: false, reason: 'tampered' })
    }
    expect(checkDownloadLink('another-secret', read, signature, NOW)).toEqual({ ok: false, reason: 'tampered' })
    for (const mangled of ['', signature.slice(1), `${signature}A`, signature.toUpperCase()]) {
      expect(checkDownloadLink(SECRET, read, mangled, NOW)).toEqual({ ok: false, reason: 'tampered' })
    }
  })
})

describe('download formats', () => {
  it('name the master by its real format and offer an MP3 master as the original only', () => {
    expect(masterFormatOf('song.WAV')).toMatchObject({ name: 'WAV', lossless: true, contentType: 'audio/wav' })
    expect(masterFormatOf('song.flac')).toMatchObject({ name: 'FLAC', lossless: true })
    expect(masterFormatOf('song.m4a')).toMatchObject({ name: 'M4A', lossless: false })
    expect(downloadFormatsFor('song.wav')).toEqual(['mp3', 'original'])
    expect(downloadFormatsFor('song.mp3')).toEqual(['original'])
  })
})
