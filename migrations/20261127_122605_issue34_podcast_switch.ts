import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "music_groups" ADD COLUMN "podcast" boolean DEFAULT false;
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_podcast" boolean DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "music_groups" DROP COLUMN "podcast";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_podcast";`)
}
