import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_download_codes_formats" AS ENUM('mp3', 'flac', 'original');
  CREATE TYPE "public"."enum_download_codes_kind" AS ENUM('music-group', 'track');
  CREATE TABLE "download_codes_formats" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_download_codes_formats",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "download_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"batch" varchar NOT NULL,
  	"kind" "enum_download_codes_kind" NOT NULL,
  	"music_group_id" integer,
  	"track_id" integer,
  	"redeemed_at" timestamp(3) with time zone,
  	"redeemed_by_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "download_codes_id" integer;
  ALTER TABLE "download_codes_formats" ADD CONSTRAINT "download_codes_formats_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."download_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_music_group_id_music_groups_id_fk" FOREIGN KEY ("music_group_id") REFERENCES "public"."music_groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "download_codes" ADD CONSTRAINT "download_codes_redeemed_by_id_users_id_fk" FOREIGN KEY ("redeemed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "download_codes_formats_order_idx" ON "download_codes_formats" USING btree ("order");
  CREATE INDEX "download_codes_formats_parent_idx" ON "download_codes_formats" USING btree ("parent_id");
  CREATE UNIQUE INDEX "download_codes_code_idx" ON "download_codes" USING btree ("code");
  CREATE INDEX "download_codes_batch_idx" ON "download_codes" USING btree ("batch");
  CREATE INDEX "download_codes_music_group_idx" ON "download_codes" USING btree ("music_group_id");
  CREATE INDEX "download_codes_track_idx" ON "download_codes" USING btree ("track_id");
  CREATE INDEX "download_codes_redeemed_at_idx" ON "download_codes" USING btree ("redeemed_at");
  CREATE INDEX "download_codes_redeemed_by_idx" ON "download_codes" USING btree ("redeemed_by_id");
  CREATE INDEX "download_codes_updated_at_idx" ON "download_codes" USING btree ("updated_at");
  CREATE INDEX "download_codes_created_at_idx" ON "download_codes" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_download_codes_fk" FOREIGN KEY ("download_codes_id") REFERENCES "public"."download_codes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_download_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("download_codes_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "download_codes_formats" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "download_codes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "download_codes_formats" CASCADE;
  DROP TABLE "download_codes" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_download_codes_fk";
  
  DROP INDEX "payload_locked_documents_rels_download_codes_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "download_codes_id";
  DROP TYPE "public"."enum_download_codes_formats";
  DROP TYPE "public"."enum_download_codes_kind";`)
}
