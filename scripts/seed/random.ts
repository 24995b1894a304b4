/**
 * A small seeded pseudo-random generator (mulberry32). Generated music and pictures must come
 * out the same on every machine and every run, so that they can be cached by their parameters.
 */
export type Random = {
  /** Uniform in [0, 1). */
  next: () => number
  /** Uniform in [min, max). */
  between: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
}

/** FNV-1a: turns a readable seed such as "morgentau" into 32 bits. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function seededRandom(seed: string): Random {
  let state = hashSeed(seed)
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const between = (min: number, max: number) => min + (max - min) * next()
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
  return { next, between, pick }
}
