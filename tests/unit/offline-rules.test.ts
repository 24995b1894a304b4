import {
  deploymentCacheNames,
  formatSavedSize,
  isAudioPath,
  isForgottenOnAccountChange,
  isKeptPage,
  isKeptPagesCache,
  isLeftAlone,
  isOfflineSongsCache,
  isOutdatedDeploymentCache,
  isSongDetailsUrl,
  offlinePageFor,
  offlineSongsCacheName,
  shellVersion,
  songDetailsUrl,
} from '../../src/components/offline/offline-rules'
import { isRenderedFor } from '../../src/components/offline/account-message'

describe('formatSavedSize', () => {
  it('writes megabytes with a decimal comma in German and a point in English', () => {
    expect(formatSavedSize(4_200_000, 'de')).toBe('4,2 MB')
    expect(formatSavedSize(4_200_000, 'en')).toBe('4.2 MB')
  })

  it('picks the unit by size: bytes without decimals, then KB, MB, GB', () => {
    expect(formatSavedSize(512, 'en')).toBe('512 B')
    expect(formatSavedSize(38_500, 'en')).toBe('38.5 KB')
    expect(formatSavedSize(1_000_000, 'de')).toBe('1,0 MB')
    expect(formatSavedSize(2_500_000_000, 'de')).toBe('2,5 GB')
  })
})

describe('cache names', () => {
  it('names an account’s offline songs after the account, apart from the deployment caches', () => {
    expect(offlineSongsCacheName(42)).toBe('offline-songs-42')
    expect(isOfflineSongsCache(offlineSongsCacheName(42))).toBe(true)
    expect(isOutdatedDeploymentCache(offlineSongsCacheName(42), 'new-build')).toBe(false)
  })

  it('marks the caches of another build as outdated, never the current build’s', () => {
    const old = deploymentCacheNames('old-build')
    const current = deploymentCacheNames('new-build')
    for (const name of Object.values(old)) expect(isOutdatedDeploymentCache(name, 'new-build')).toBe(true)
    for (const name of Object.values(current)) expect(isOutdatedDeploymentCache(name, 'new-build')).toBe(false)
    expect(new Set(Object.values(current)).size).toBe(Object.values(current).length)
  })

  it('finds the kept pages of any build (forgotten when the account changes) but not the other caches', () => {
    expect(isKeptPagesCache(deploymentCacheNames('a').pages)).toBe(true)
    expect(isKeptPagesCache(deploymentCacheNames('a').staticFiles)).toBe(false)
    expect(isKeptPagesCache(offlineSongsCacheName(1))).toBe(false)
  })

  it('keeps a song’s details under a URL of their own that is no audio path', () => {
    const details = songDetailsUrl('http://127.0.0.1:3000/media/audio/song%201.wav')
    expect(isSongDetailsUrl(`http://127.0.0.1:3000${details}`)).toBe(true)
    expect(isSongDetailsUrl('http://127.0.0.1:3000/media/audio/song%201.wav')).toBe(false)
    expect(isAudioPath(new URL(details, 'http://127.0.0.1').pathname)).toBe(false)
  })
})

describe('the offline data belongs to one account', () => {
  const caches = [
    offlineSongsCacheName(7),
    offlineSongsCacheName(71),
    deploymentCacheNames('a').pages,
    deploymentCacheNames('b').pages,
    deploymentCacheNames('a').staticFiles,
  ]
  const forgotten = (account: string | null, previous: string | null | undefined) =>
    caches.filter((name) => isForgottenOnAccountChange(name, account, previous))

  it('passing to another account forgets every other account’s songs and the kept pages, never the new account’s songs nor the shell', () => {
    expect(forgotten('7', '5')).toEqual([offlineSongsCacheName(71), deploymentCacheNames('a').pages, deploymentCacheNames('b').pages])
    expect(forgotten('71', '5')).toEqual([offlineSongsCacheName(7), deploymentCacheNames('a').pages, deploymentCacheNames('b').pages])
    expect(forgotten('7', null)).toEqual([offlineSongsCacheName(71), deploymentCacheNames('a').pages, deploymentCacheNames('b').pages])
  })

  it('passing to nobody forgets every account’s songs and the kept pages', () => {
    expect(forgotten(null, '5')).toEqual(caches.slice(0, 4))
  })

  it('a new worker’s first account keeps the pages kept since the worker started, and still forgets other accounts’ songs', () => {
    expect(forgotten('7', undefined)).toEqual([offlineSongsCacheName(71)])
  })

  it('believes a page’s report only in its one shape: an id and a name as strings, or null', () => {
    expect(isRenderedFor(null)).toBe(true)
    expect(isRenderedFor({ id: '7', name: 'kundin' })).toBe(true)
    for (const report of [undefined, 7, '7', { id: 7, name: 'kundin' }, { id: '7' }, { name: 'kundin' }])
      expect([report, isRenderedFor(report)]).toEqual([report, false])
  })
})

describe('what the worker keeps', () => {
  it('keeps the catalog and legal pages', () => {
    for (const path of ['/', '/music', '/music/', '/music-group/stille-see', '/category/schlaf', '/news/1', '/about', '/custom-songs', '/agb', '/en/terms']) {
      expect([path, isKeptPage(path)]).toEqual([path, true])
    }
  })

  it('never keeps accounts, checkout, cart, login, the admin or the API', () => {
    for (const path of ['/account', '/account/orders/7', '/checkout', '/cart', '/login', '/admin', '/api/whoami/', '/custom-songs/basic/relax', '/offline']) {
      expect([path, isKeptPage(path)]).toEqual([path, false])
    }
  })

  it('leaves the admin and the API alone entirely', () => {
    expect(isLeftAlone('/admin')).toBe(true)
    expect(isLeftAlone('/admin/collections/orders')).toBe(true)
    expect(isLeftAlone('/api/users/login')).toBe(true)
    expect(isLeftAlone('/administrator-notes')).toBe(false)
    expect(isLeftAlone('/music')).toBe(false)
  })
})

describe('shellVersion', () => {
  const shell = [{ url: '/_next/static/chunks/a1.js', revision: null }, { url: '/icons/icon-192.png', revision: 'r1' }, '/x.css']
  it('is the same for the same precache list and changes with any file or revision', () => {
    expect(shellVersion(shell)).toBe(shellVersion([...shell]))
    expect(shellVersion(shell)).toMatch(/^[0-9a-z]+$/)
    expect(shellVersion([{ url: '/_next/static/chunks/a2.js', revision: null }, ...shell.slice(1)])).not.toBe(shellVersion(shell))
    expect(shellVersion([shell[0], { url: '/icons/icon-192.png', revision: 'r2' }, shell[2]])).not.toBe(shellVersion(shell))
    expect(shellVersion(shell.slice(0, 2))).not.toBe(shellVersion(shell))
  })
})

describe('offlinePageFor', () => {
  it('answers in German by default, in English under /en/ or for a visitor who chose English', () => {
    expect(offlinePageFor('/music', null)).toBe('/offline')
    expect(offlinePageFor('/music', 'de')).toBe('/offline')
    expect(offlinePageFor('/en/terms', null)).toBe('/en/offline')
    expect(offlinePageFor('/account', 'en')).toBe('/en/offline')
    expect(offlinePageFor('/energy', null)).toBe('/offline')
  })
})
