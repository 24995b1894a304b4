import { forAccount, parseResumeRecord, type ResumeRecord, resumeRecordOf } from '../../src/player/player-resume'
import { initialPlayerState, type PlayerTrack, resumeQueue, setPlaylist, withoutPrivateTracks } from '../../src/player/player-state'

const track = (id: number): PlayerTrack => ({
  id,
  title: `Track ${id}`,
  audio: `/media/audio/${id}.mp3`,
  cover: null,
  duration: 120,
  peaks: `/api/audio/${id}/peaks/?v=x`,
})
const privateSong = (id: number): PlayerTrack => ({ id, title: `Song ${id}`, audio: `/media/audio/song-${id}.mp3`, isPrivate: true })

/** A stored record as the browser would read it back. */
const roundTrip = (record: ResumeRecord | null) => parseResumeRecord(JSON.stringify(record))

describe('resumeRecordOf and parseResumeRecord', () => {
  it('remembers queue, current index and position, and reads the same back', () => {
    const state = setPlaylist(initialPlayerState, [track(1), track(2), track(3)], 1)
    const record = resumeRecordOf(state, 31.5, null)
    expect(record).toEqual({ version: 1, account: null, playlist: [track(1), track(2), track(3)], index: 1, position: 31.5 })
    expect(roundTrip(record)).toEqual(record)
  })

  it('has nothing to remember before anything was played', () => {
    expect(resumeRecordOf(initialPlayerState, 10, null)).toBeNull()
  })

  it('does not write down private songs when nobody is logged in', () => {
    const state = setPlaylist(initialPlayerState, [privateSong(7), track(1), track(2)], 2)
    expect(resumeRecordOf(state, 5, null)).toMatchObject({ playlist: [track(1), track(2)], index: 1 })
    expect(resumeRecordOf(setPlaylist(initialPlayerState, [privateSong(7), track(1)], 0), 5, null)).toBeNull()
  })

  it('keeps private songs with the account that is logged in', () => {
    const state = setPlaylist(initialPlayerState, [privateSong(7), track(1)], 0)
    expect(roundTrip(resumeRecordOf(state, 12, '42'))).toEqual({ version: 1, account: '42', playlist: [privateSong(7), track(1)], index: 0, position: 12 })
  })

  it.each([null, '', 'not json', '42', 'null', '[]', '{}'])('ignores %p', (stored) => {
    expect(parseResumeRecord(stored)).toBeNull()
  })

  const valid = { version: 1, account: null, playlist: [track(1), track(2)], index: 1, position: 30 }
  it.each([
    ['an older version', { ...valid, version: 0 }],
    ['an empty queue', { ...valid, playlist: [], index: 0 }],
    ['an index past the queue', { ...valid, index: 2 }],
    ['a fractional index', { ...valid, index: 0.5 }],
    ['a track without audio', { ...valid, playlist: [track(1), { id: 2, title: 'x' }] }],
    ['audio from another origin', { ...valid, playlist: [track(1), { ...track(2), audio: '//evil.example/a.mp3' }] }],
    ['a javascript: URL', { ...valid, playlist: [track(1), { ...track(2), audio: 'javascript:alert(1)' }] }],
    ['a track that is no object', { ...valid, playlist: [track(1), 'text'] }],
  ])('ignores a record with %s', (_, record) => {
    expect(parseResumeRecord(JSON.stringify(record))).toBeNull()
  })

  it('keeps a track but drops a foreign cover or peaks URL, and repairs an impossible position', () => {
    const stored = { ...valid, position: -4, playlist: [track(1), { ...track(2), cover: 'https://evil.example/c.jpg', peaks: 7, isPrivate: 'yes' }] }
    expect(parseResumeRecord(JSON.stringify(stored))).toEqual({
      ...valid,
      position: 0,
      playlist: [track(1), { id: 2, title: 'Track 2', audio: '/media/audio/2.mp3', duration: 120 }],
    })
  })
})

describe('forAccount: private songs only for the account that saved them', () => {
  const saved: ResumeRecord = { version: 1, account: '42', playlist: [track(1), privateSong(7), track(2)], index: 2, position: 30 }

  it('gives the same account everything', () => {
    expect(forAccount(saved, '42')).toBe(saved)
  })

  it.each([
    ['another account', '43'],
    ['nobody', null],
  ])('drops the private songs for %s and keeps the current track and position', (_, account) => {
    expect(forAccount(saved, account)).toEqual({ version: 1, account, playlist: [track(1), track(2)], index: 1, position: 30 })
  })

  it('has nothing to resume when the current track was private', () => {
    expect(forAccount({ ...saved, index: 1 }, '43')).toBeNull()
    expect(forAccount({ ...saved, index: 1 }, null)).toBeNull()
  })
})

describe('resumeQueue and withoutPrivateTracks', () => {
  it('puts the queue back paused at the position, with a new start', () => {
    const state = resumeQueue(initialPlayerState, [track(1), track(2)], 1, 30)
    expect(state).toMatchObject({ currentIndex: 1, currentTrack: track(2), startPosition: 30, startPaused: true, playId: initialPlayerState.playId + 1 })
  })

  it('plays at once from the start again when the visitor picks a track', () => {
    const resumed = resumeQueue(initialPlayerState, [track(1), track(2)], 1, 30)
    expect(setPlaylist(resumed, [track(3)], 0)).toMatchObject({ startPosition: 0, startPaused: false })
  })

  it('removes private songs and keeps a public current track playing (same object, no restart)', () => {
    const state = setPlaylist(initialPlayerState, [privateSong(7), track(1)], 1)
    const cleaned = withoutPrivateTracks(state)
    expect(cleaned.playlist).toEqual([track(1)])
    expect(cleaned.currentIndex).toBe(0)
    expect(cleaned.currentTrack).toBe(state.currentTrack)
    expect(cleaned.playId).toBe(state.playId)
  })

  it('empties the player when the private song was playing', () => {
    const cleaned = withoutPrivateTracks(setPlaylist(initialPlayerState, [privateSong(7), track(1)], 0))
    expect(cleaned).toMatchObject({ playlist: [track(1)], currentTrack: null, currentIndex: null })
  })
})
