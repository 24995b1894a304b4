import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const SEED_DIR = path.dirname(fileURLToPath(import.meta.url))

/** SEED_CACHE_DIR, default <repo>/data/seed-cache (git-ignored with the rest of ./data). */
const cacheDir = () => path.resolve(process.env.SEED_CACHE_DIR || path.join(SEED_DIR, '..', '..', 'data', 'seed-cache'))

type CacheEntry = {
  /** Readable file name, e.g. "morgentau.mp3"; the key's hash is added before the extension. */
  name: string
  /** Everything the file is made from. */
  params: unknown
  /** The generator's source files in scripts/seed/: editing them makes fresh files. */
  sources: readonly string[]
}

/**
 * Generated media kept between runs: a fresh test database is seeded on every `npm test`, and
 * synthesizing the music again each time would cost many seconds.
 */
export async function cachedFile(entry: CacheEntry, produce: () => Buffer | Promise<Buffer>): Promise<Buffer> {
  const hash = createHash('sha256').update(JSON.stringify(entry.params))
  for (const source of entry.sources) hash.update(readFileSync(path.join(SEED_DIR, source)))
  const { name, ext } = path.parse(entry.name)
  const file = path.join(cacheDir(), `${name}-${hash.digest('hex').slice(0, 16)}${ext}`)
  if (existsSync(file)) return readFileSync(file)

  const data = await produce()
  mkdirSync(path.dirname(file), { recursive: true })
  // Write aside and rename: another seed running at the same time never reads half a file.
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, data)
  renameSync(partial, file)
  return data
}
