import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "news" RENAME COLUMN "youtube_url" TO "youtube";
  ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp(3) with time zone;`)
  // News videos are stored as the video id now (collections/fields/youtube.ts): keep the id of each stored link.
  await db.execute(sql`
   UPDATE "news" SET "youtube" = substring("youtube" from '(?:[?&]v=|youtu[.]be/|/embed/|/shorts/)([A-Za-z0-9_-]{11})')
   WHERE "youtube" IS NOT NULL AND "youtube" !~ '^[A-Za-z0-9_-]{11}$';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   UPDATE "news" SET "youtube" = 'https://www.youtube.com/watch?v=' || "youtube" WHERE "youtube" IS NOT NULL;
   ALTER TABLE "news" RENAME COLUMN "youtube" TO "youtube_url";
  ALTER TABLE "users" DROP COLUMN "anonymised_at";`)
}
