import { type PostgresAdapter, sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { cachedCatalogRead } from './cache'

/**
 * The images only an unreleased album, track or news item shows (a draft, a release scheduled for
 * later, or a published one's newest draft with a new cover): not for visitors until it is out,
 * neither in /api/cms/media nor as a file under /media/images (collections/Media.ts,
 * media-files.ts). An image that something public shows as well (a published release, a
 * category, a package, the about page) stays public. Cached until one of those changes.
 */
const readUnreleasedImages = cachedCatalogRead(
  'unreleased-images',
  ['music-groups', 'tracks', 'news', 'media', 'categories', 'packages', 'about'],
  async (payload: Payload): Promise<{ ids: number[]; filenames: string[] }> => {
    const { rows } = await (payload.db as unknown as PostgresAdapter).drizzle.execute(sql`
      with hidden as (
        select cover_id as id from music_groups where _status is distinct from 'published'
        union select version_cover_id from _music_groups_v where latest and version__status = 'draft'
        union select cover_id from tracks where _status is distinct from 'published'
        union select version_cover_id from _tracks_v where latest and version__status = 'draft'
        union select image_id from news where _status is distinct from 'published'
        union select version_image_id from _news_v where latest and version__status = 'draft'
      ), shown as (
        select cover_id as id from music_groups where _status = 'published'
        union select cover_id from tracks where _status = 'published'
        union select image_id from news where _status = 'published'
        union select cover_id from categories
        union select image_id from packages
        union select portrait_id from about
      )
      select id, filename, sizes_thumbnail_filename, sizes_card_filename, sizes_large_filename from media
      where id in (select id from hidden where id is not null) and id not in (select id from shown where id is not null)`)
    const media = rows as {
      id: number
      filename: string | null
      sizes_thumbnail_filename: string | null
      sizes_card_filename: string | null
      sizes_large_filename: string | null
    }[]
    return {
      ids: media.map((row) => row.id),
      filenames: media.flatMap((row) =>
        [row.filename, row.sizes_thumbnail_filename, row.sizes_card_filename, row.sizes_large_filename].filter((name): name is string => Boolean(name)),
      ),
    }
  },
)

type UnreleasedImages = Awaited<ReturnType<typeof readUnreleasedImages>>
let lastKnown: UnreleasedImages | null = null

/**
 * The set, or when it cannot be read just now (the release tables locked, a query cancelled) the
 * last one read: a page that populates an image must not fail because of this check (the error
 * pages' tests lock those tables). Null before any read succeeded: then nothing is known to be
 * public, and the callers show no image to visitors.
 */
export async function unreleasedImages(payload: Payload): Promise<UnreleasedImages | null> {
  try {
    lastKnown = await readUnreleasedImages(payload)
  } catch (error) {
    payload.logger.warn(`The images of unreleased releases could not be read; using the last known set: ${String(error)}`)
  }
  return lastKnown
}
