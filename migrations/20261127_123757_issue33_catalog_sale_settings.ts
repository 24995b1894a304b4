import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tracks_sale_mode" AS ENUM('not_for_sale', 'fixed_price', 'name_your_price');
  CREATE TYPE "public"."enum__tracks_v_version_sale_mode" AS ENUM('not_for_sale', 'fixed_price', 'name_your_price');
  CREATE TYPE "public"."enum_music_groups_sale_mode" AS ENUM('not_for_sale', 'fixed_price', 'name_your_price');
  CREATE TYPE "public"."enum__music_groups_v_version_sale_mode" AS ENUM('not_for_sale', 'fixed_price', 'name_your_price');
  ALTER TABLE "tracks" ADD COLUMN "sale_mode" "enum_tracks_sale_mode" DEFAULT 'not_for_sale';
  ALTER TABLE "tracks" ADD COLUMN "sale_price" numeric;
  ALTER TABLE "tracks" ADD COLUMN "sale_minimum" numeric;
  ALTER TABLE "tracks" ADD COLUMN "sale_suggested" numeric;
  ALTER TABLE "tracks" ADD COLUMN "sale_offer_flac" boolean DEFAULT true;
  ALTER TABLE "tracks" ADD COLUMN "sale_offer_original" boolean DEFAULT false;
  ALTER TABLE "_tracks_v" ADD COLUMN "version_sale_mode" "enum__tracks_v_version_sale_mode" DEFAULT 'not_for_sale';
  ALTER TABLE "_tracks_v" ADD COLUMN "version_sale_price" numeric;
  ALTER TABLE "_tracks_v" ADD COLUMN "version_sale_minimum" numeric;
  ALTER TABLE "_tracks_v" ADD COLUMN "version_sale_suggested" numeric;
  ALTER TABLE "_tracks_v" ADD COLUMN "version_sale_offer_flac" boolean DEFAULT true;
  ALTER TABLE "_tracks_v" ADD COLUMN "version_sale_offer_original" boolean DEFAULT false;
  ALTER TABLE "music_groups" ADD COLUMN "sale_mode" "enum_music_groups_sale_mode" DEFAULT 'not_for_sale';
  ALTER TABLE "music_groups" ADD COLUMN "sale_price" numeric;
  ALTER TABLE "music_groups" ADD COLUMN "sale_minimum" numeric;
  ALTER TABLE "music_groups" ADD COLUMN "sale_suggested" numeric;
  ALTER TABLE "music_groups" ADD COLUMN "sale_offer_flac" boolean DEFAULT true;
  ALTER TABLE "music_groups" ADD COLUMN "sale_offer_original" boolean DEFAULT false;
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_sale_mode" "enum__music_groups_v_version_sale_mode" DEFAULT 'not_for_sale';
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_sale_price" numeric;
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_sale_minimum" numeric;
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_sale_suggested" numeric;
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_sale_offer_flac" boolean DEFAULT true;
  ALTER TABLE "_music_groups_v" ADD COLUMN "version_sale_offer_original" boolean DEFAULT false;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "tracks" DROP COLUMN "sale_mode";
  ALTER TABLE "tracks" DROP COLUMN "sale_price";
  ALTER TABLE "tracks" DROP COLUMN "sale_minimum";
  ALTER TABLE "tracks" DROP COLUMN "sale_suggested";
  ALTER TABLE "tracks" DROP COLUMN "sale_offer_flac";
  ALTER TABLE "tracks" DROP COLUMN "sale_offer_original";
  ALTER TABLE "_tracks_v" DROP COLUMN "version_sale_mode";
  ALTER TABLE "_tracks_v" DROP COLUMN "version_sale_price";
  ALTER TABLE "_tracks_v" DROP COLUMN "version_sale_minimum";
  ALTER TABLE "_tracks_v" DROP COLUMN "version_sale_suggested";
  ALTER TABLE "_tracks_v" DROP COLUMN "version_sale_offer_flac";
  ALTER TABLE "_tracks_v" DROP COLUMN "version_sale_offer_original";
  ALTER TABLE "music_groups" DROP COLUMN "sale_mode";
  ALTER TABLE "music_groups" DROP COLUMN "sale_price";
  ALTER TABLE "music_groups" DROP COLUMN "sale_minimum";
  ALTER TABLE "music_groups" DROP COLUMN "sale_suggested";
  ALTER TABLE "music_groups" DROP COLUMN "sale_offer_flac";
  ALTER TABLE "music_groups" DROP COLUMN "sale_offer_original";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_sale_mode";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_sale_price";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_sale_minimum";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_sale_suggested";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_sale_offer_flac";
  ALTER TABLE "_music_groups_v" DROP COLUMN "version_sale_offer_original";
  DROP TYPE "public"."enum_tracks_sale_mode";
  DROP TYPE "public"."enum__tracks_v_version_sale_mode";
  DROP TYPE "public"."enum_music_groups_sale_mode";
  DROP TYPE "public"."enum__music_groups_v_version_sale_mode";`)
}
