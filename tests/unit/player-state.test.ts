import {
  initialPlayerState,
  playNext,
  playPrevious,
  randomOtherIndex,
  setPlaylist,
  toggleRepeat,
  toggleShuffle,
  type PlayerTrack,
} from '../../src/player/player-state'

const track = (id: number): PlayerTrack => ({ id, title: `Track ${id}`, audio: `/media/audio/${id}.mp3` })
const three = [track(1), track(2), track(3)]

describe('setPlaylist', () => {
  it('stores the list and makes the first track current by default', () => {
    const state = setPlaylist(initialPlayerState, three)
    expect(state.playlist).toEqual(three)
    expect(state.currentIndex).toBe(0)
    expect(state.currentTrack).toEqual(track(1))
  })

  it('starts at the given index and counts a new start', () => {
    const state = setPlaylist(initialPlayerState, three, 2)
    expect(state.currentIndex).toBe(2)
    expect(state.currentTrack).toEqual(track(3))
    expect(state.playId).toBe(initialPlayerState.playId + 1)
  })
})

describe('playNext', () => {
  it('1. does nothing on an empty playlist', () => {
    expect(playNext(initialPlayerState)).toBe(initialPlayerState)
  })

  it('2. plays the first item when nothing was played yet', () => {
    const state = { ...initialPlayerState, playlist: three }
    const next = playNext(state)
    expect(next.currentIndex).toBe(0)
    expect(next.currentTrack).toEqual(track(1))
  })

  it('3. replays the current track when repeat is on (and restarts it)', () => {
    const state = toggleRepeat(setPlaylist(initialPlayerState, three, 1))
    const next = playNext(state)
    expect(next.currentIndex).toBe(1)
    expect(next.playId).toBe(state.playId + 1)
  })

  it('3. repeat wins over shuffle', () => {
    const state = toggleShuffle(toggleRepeat(setPlaylist(initialPlayerState, three, 1)))
    expect(playNext(state, () => 0.99).currentIndex).toBe(1)
  })

  it('4. picks a random index other than the current one when shuffling (drawn ahead, when shuffle is switched on or a track starts)', () => {
    const shuffled = (r: number) => toggleShuffle(setPlaylist(initialPlayerState, three, 1), () => r)
    for (const r of [0, 0.2, 0.49, 0.5, 0.7, 0.999]) {
      const next = playNext(shuffled(r))
      expect(next.currentIndex).not.toBe(1)
      expect([0, 2]).toContain(next.currentIndex)
    }
    expect(playNext(shuffled(0)).currentIndex).toBe(0)
    expect(playNext(shuffled(0.999)).currentIndex).toBe(2)
  })

  it('4. shuffling a single track plays that track', () => {
    const state = toggleShuffle(setPlaylist(initialPlayerState, [track(7)]))
    expect(playNext(state, () => 0.5).currentIndex).toBe(0)
  })

  it('5. moves to the next item', () => {
    const next = playNext(setPlaylist(initialPlayerState, three))
    expect(next.currentIndex).toBe(1)
    expect(next.currentTrack).toEqual(track(2))
  })

  it('5. changes nothing at the end of the list (no wrap-around)', () => {
    const last = setPlaylist(initialPlayerState, three, 2)
    expect(playNext(last)).toBe(last)
  })
})

describe('randomOtherIndex', () => {
  it('covers every other index evenly', () => {
    const seen = new Set<number>()
    for (let i = 0; i < 40; i++) seen.add(randomOtherIndex(5, 2, () => i / 40))
    expect([...seen].sort()).toEqual([0, 1, 3, 4])
  })
})

describe('playPrevious and the toggles', () => {
  it('goes one back and stays at the start', () => {
    const second = setPlaylist(initialPlayerState, three, 1)
    expect(playPrevious(second).currentIndex).toBe(0)
    const first = setPlaylist(initialPlayerState, three, 0)
    expect(playPrevious(first)).toBe(first)
  })

  it('toggles shuffle and repeat', () => {
    expect(toggleShuffle(initialPlayerState).isShuffling).toBe(true)
    expect(toggleShuffle(toggleShuffle(initialPlayerState)).isShuffling).toBe(false)
    expect(toggleRepeat(initialPlayerState).isRepeating).toBe(true)
  })
})
