import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_tracks_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__tracks_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__tracks_v_published_locale" AS ENUM('de', 'en');
  CREATE TYPE "public"."enum_music_groups_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__music_groups_v_version_form" AS ENUM('album', 'single', 'playlist');
  CREATE TYPE "public"."enum__music_groups_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__music_groups_v_published_locale" AS ENUM('de', 'en');
  CREATE TYPE "public"."enum_news_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__news_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__news_v_published_locale" AS ENUM('de', 'en');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'schedulePublish';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'schedulePublish';
  CREATE TABLE "_tracks_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_audio_id" integer,
  	"version_cover_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__tracks_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__tracks_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_tracks_v_locales" (
  	"version_title" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_tracks_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"categories_id" integer
  );
  
  CREATE TABLE "_music_groups_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version__order" varchar,
  	"version_form" "enum__music_groups_v_version_form" DEFAULT 'album',
  	"version_cover_id" integer,
  	"version_release_date" timestamp(3) with time zone,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__music_groups_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__music_groups_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_music_groups_v_locales" (
  	"version_title" varchar,
  	"version_description" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  CREATE TABLE "_music_groups_v_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"tracks_id" integer
  );
  
  CREATE TABLE "_news_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_image_id" integer,
  	"version_date" timestamp(3) with time zone,
  	"version_is_new" boolean DEFAULT false,
  	"version_youtube" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__news_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"snapshot" boolean,
  	"published_locale" "enum__news_v_published_locale",
  	"latest" boolean
  );
  
  CREATE TABLE "_news_v_locales" (
  	"version_title" varchar,
  	"version_category" varchar,
  	"version_content" jsonb,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "tracks" ALTER COLUMN "audio_id" DROP NOT NULL;
  ALTER TABLE "tracks_locales" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "music_groups" ALTER COLUMN "form" DROP NOT NULL;
  ALTER TABLE "music_groups_locales" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "date" DROP NOT NULL;
  ALTER TABLE "news_locales" ALTER COLUMN "title" DROP NOT NULL;
  ALTER TABLE "tracks" ADD COLUMN "_status" "enum_tracks_status" DEFAULT 'draft';
  ALTER TABLE "music_groups" ADD COLUMN "_status" "enum_music_groups_status" DEFAULT 'draft';
  ALTER TABLE "news" ADD COLUMN "_status" "enum_news_status" DEFAULT 'draft';
  ALTER TABLE "_tracks_v" ADD CONSTRAINT "_tracks_v_parent_id_tracks_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tracks_v" ADD CONSTRAINT "_tracks_v_version_audio_id_audio_id_fk" FOREIGN KEY ("version_audio_id") REFERENCES "public"."audio"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tracks_v" ADD CONSTRAINT "_tracks_v_version_cover_id_media_id_fk" FOREIGN KEY ("version_cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_tracks_v_locales" ADD CONSTRAINT "_tracks_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_tracks_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tracks_v_rels" ADD CONSTRAINT "_tracks_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_tracks_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_tracks_v_rels" ADD CONSTRAINT "_tracks_v_rels_categories_fk" FOREIGN KEY ("categories_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_music_groups_v" ADD CONSTRAINT "_music_groups_v_parent_id_music_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."music_groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_music_groups_v" ADD CONSTRAINT "_music_groups_v_version_cover_id_media_id_fk" FOREIGN KEY ("version_cover_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_music_groups_v_locales" ADD CONSTRAINT "_music_groups_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_music_groups_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_music_groups_v_rels" ADD CONSTRAINT "_music_groups_v_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."_music_groups_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_music_groups_v_rels" ADD CONSTRAINT "_music_groups_v_rels_tracks_fk" FOREIGN KEY ("tracks_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_news_v" ADD CONSTRAINT "_news_v_parent_id_news_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."news"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_news_v" ADD CONSTRAINT "_news_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_news_v_locales" ADD CONSTRAINT "_news_v_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_news_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "_tracks_v_parent_idx" ON "_tracks_v" USING btree ("parent_id");
  CREATE INDEX "_tracks_v_version_version_audio_idx" ON "_tracks_v" USING btree ("version_audio_id");
  CREATE INDEX "_tracks_v_version_version_cover_idx" ON "_tracks_v" USING btree ("version_cover_id");
  CREATE INDEX "_tracks_v_version_version_updated_at_idx" ON "_tracks_v" USING btree ("version_updated_at");
  CREATE INDEX "_tracks_v_version_version_created_at_idx" ON "_tracks_v" USING btree ("version_created_at");
  CREATE INDEX "_tracks_v_version_version__status_idx" ON "_tracks_v" USING btree ("version__status");
  CREATE INDEX "_tracks_v_created_at_idx" ON "_tracks_v" USING btree ("created_at");
  CREATE INDEX "_tracks_v_updated_at_idx" ON "_tracks_v" USING btree ("updated_at");
  CREATE INDEX "_tracks_v_snapshot_idx" ON "_tracks_v" USING btree ("snapshot");
  CREATE INDEX "_tracks_v_published_locale_idx" ON "_tracks_v" USING btree ("published_locale");
  CREATE INDEX "_tracks_v_latest_idx" ON "_tracks_v" USING btree ("latest");
  CREATE UNIQUE INDEX "_tracks_v_locales_locale_parent_id_unique" ON "_tracks_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_tracks_v_rels_order_idx" ON "_tracks_v_rels" USING btree ("order");
  CREATE INDEX "_tracks_v_rels_parent_idx" ON "_tracks_v_rels" USING btree ("parent_id");
  CREATE INDEX "_tracks_v_rels_path_idx" ON "_tracks_v_rels" USING btree ("path");
  CREATE INDEX "_tracks_v_rels_categories_id_idx" ON "_tracks_v_rels" USING btree ("categories_id");
  CREATE INDEX "_music_groups_v_parent_idx" ON "_music_groups_v" USING btree ("parent_id");
  CREATE INDEX "_music_groups_v_version_version__order_idx" ON "_music_groups_v" USING btree ("version__order");
  CREATE INDEX "_music_groups_v_version_version_cover_idx" ON "_music_groups_v" USING btree ("version_cover_id");
  CREATE INDEX "_music_groups_v_version_version_updated_at_idx" ON "_music_groups_v" USING btree ("version_updated_at");
  CREATE INDEX "_music_groups_v_version_version_created_at_idx" ON "_music_groups_v" USING btree ("version_created_at");
  CREATE INDEX "_music_groups_v_version_version__status_idx" ON "_music_groups_v" USING btree ("version__status");
  CREATE INDEX "_music_groups_v_created_at_idx" ON "_music_groups_v" USING btree ("created_at");
  CREATE INDEX "_music_groups_v_updated_at_idx" ON "_music_groups_v" USING btree ("updated_at");
  CREATE INDEX "_music_groups_v_snapshot_idx" ON "_music_groups_v" USING btree ("snapshot");
  CREATE INDEX "_music_groups_v_published_locale_idx" ON "_music_groups_v" USING btree ("published_locale");
  CREATE INDEX "_music_groups_v_latest_idx" ON "_music_groups_v" USING btree ("latest");
  CREATE UNIQUE INDEX "_music_groups_v_locales_locale_parent_id_unique" ON "_music_groups_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "_music_groups_v_rels_order_idx" ON "_music_groups_v_rels" USING btree ("order");
  CREATE INDEX "_music_groups_v_rels_parent_idx" ON "_music_groups_v_rels" USING btree ("parent_id");
  CREATE INDEX "_music_groups_v_rels_path_idx" ON "_music_groups_v_rels" USING btree ("path");
  CREATE INDEX "_music_groups_v_rels_tracks_id_idx" ON "_music_groups_v_rels" USING btree ("tracks_id");
  CREATE INDEX "_news_v_parent_idx" ON "_news_v" USING btree ("parent_id");
  CREATE INDEX "_news_v_version_version_image_idx" ON "_news_v" USING btree ("version_image_id");
  CREATE INDEX "_news_v_version_version_date_idx" ON "_news_v" USING btree ("version_date");
  CREATE INDEX "_news_v_version_version_updated_at_idx" ON "_news_v" USING btree ("version_updated_at");
  CREATE INDEX "_news_v_version_version_created_at_idx" ON "_news_v" USING btree ("version_created_at");
  CREATE INDEX "_news_v_version_version__status_idx" ON "_news_v" USING btree ("version__status");
  CREATE INDEX "_news_v_created_at_idx" ON "_news_v" USING btree ("created_at");
  CREATE INDEX "_news_v_updated_at_idx" ON "_news_v" USING btree ("updated_at");
  CREATE INDEX "_news_v_snapshot_idx" ON "_news_v" USING btree ("snapshot");
  CREATE INDEX "_news_v_published_locale_idx" ON "_news_v" USING btree ("published_locale");
  CREATE INDEX "_news_v_latest_idx" ON "_news_v" USING btree ("latest");
  CREATE UNIQUE INDEX "_news_v_locales_locale_parent_id_unique" ON "_news_v_locales" USING btree ("_locale","_parent_id");
  CREATE INDEX "tracks__status_idx" ON "tracks" USING btree ("_status");
  CREATE INDEX "music_groups__status_idx" ON "music_groups" USING btree ("_status");
  CREATE INDEX "news__status_idx" ON "news" USING btree ("_status");`)
  await publishExistingCatalog({ db, payload, req } as MigrateUpArgs)
}

/**
 * Everything the shop showed before drafts existed stays on the site: each existing track, album,
 * playlist and news item is marked published and gets the one version Payload keeps for a published
 * document (newest, "latest"), with its translations and its relations, as a publish in the admin
 * would have written it.
 */
async function publishExistingCatalog({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "tracks" SET "_status" = 'published';
  UPDATE "music_groups" SET "_status" = 'published';
  UPDATE "news" SET "_status" = 'published';

  INSERT INTO "_tracks_v" ("parent_id", "version_audio_id", "version_cover_id", "version_updated_at", "version_created_at", "version__status", "created_at", "updated_at", "latest")
    SELECT "id", "audio_id", "cover_id", "updated_at", "created_at", 'published', "updated_at", "updated_at", true FROM "tracks";
  INSERT INTO "_tracks_v_locales" ("version_title", "_locale", "_parent_id")
    SELECT l."title", l."_locale", v."id" FROM "tracks_locales" l JOIN "_tracks_v" v ON v."parent_id" = l."_parent_id";
  INSERT INTO "_tracks_v_rels" ("order", "parent_id", "path", "categories_id")
    SELECT r."order", v."id", 'version.' || r."path", r."categories_id" FROM "tracks_rels" r JOIN "_tracks_v" v ON v."parent_id" = r."parent_id";

  INSERT INTO "_music_groups_v" ("parent_id", "version__order", "version_form", "version_cover_id", "version_release_date", "version_updated_at", "version_created_at", "version__status", "created_at", "updated_at", "latest")
    SELECT "id", "_order", "form"::text::"enum__music_groups_v_version_form", "cover_id", "release_date", "updated_at", "created_at", 'published', "updated_at", "updated_at", true FROM "music_groups";
  INSERT INTO "_music_groups_v_locales" ("version_title", "version_description", "_locale", "_parent_id")
    SELECT l."title", l."description", l."_locale", v."id" FROM "music_groups_locales" l JOIN "_music_groups_v" v ON v."parent_id" = l."_parent_id";
  INSERT INTO "_music_groups_v_rels" ("order", "parent_id", "path", "tracks_id")
    SELECT r."order", v."id", 'version.' || r."path", r."tracks_id" FROM "music_groups_rels" r JOIN "_music_groups_v" v ON v."parent_id" = r."parent_id";

  INSERT INTO "_news_v" ("parent_id", "version_image_id", "version_date", "version_is_new", "version_youtube", "version_updated_at", "version_created_at", "version__status", "created_at", "updated_at", "latest")
    SELECT "id", "image_id", "date", "is_new", "youtube", "updated_at", "created_at", 'published', "updated_at", "updated_at", true FROM "news";
  INSERT INTO "_news_v_locales" ("version_title", "version_category", "version_content", "_locale", "_parent_id")
    SELECT l."title", l."category", l."content", l."_locale", v."id" FROM "news_locales" l JOIN "_news_v" v ON v."parent_id" = l."_parent_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "_tracks_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_tracks_v_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_tracks_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_music_groups_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_music_groups_v_locales" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_music_groups_v_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_news_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "_news_v_locales" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "_tracks_v" CASCADE;
  DROP TABLE "_tracks_v_locales" CASCADE;
  DROP TABLE "_tracks_v_rels" CASCADE;
  DROP TABLE "_music_groups_v" CASCADE;
  DROP TABLE "_music_groups_v_locales" CASCADE;
  DROP TABLE "_music_groups_v_rels" CASCADE;
  DROP TABLE "_news_v" CASCADE;
  DROP TABLE "_news_v_locales" CASCADE;
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendMail', 'prepareMp3', 'computePeaks');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendMail', 'prepareMp3', 'computePeaks');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "tracks__status_idx";
  DROP INDEX "music_groups__status_idx";
  DROP INDEX "news__status_idx";
  ALTER TABLE "tracks" ALTER COLUMN "audio_id" SET NOT NULL;
  ALTER TABLE "tracks_locales" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "music_groups" ALTER COLUMN "form" SET NOT NULL;
  ALTER TABLE "music_groups_locales" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "news" ALTER COLUMN "date" SET NOT NULL;
  ALTER TABLE "news_locales" ALTER COLUMN "title" SET NOT NULL;
  ALTER TABLE "tracks" DROP COLUMN "_status";
  ALTER TABLE "music_groups" DROP COLUMN "_status";
  ALTER TABLE "news" DROP COLUMN "_status";
  DROP TYPE "public"."enum_tracks_status";
  DROP TYPE "public"."enum__tracks_v_version_status";
  DROP TYPE "public"."enum__tracks_v_published_locale";
  DROP TYPE "public"."enum_music_groups_status";
  DROP TYPE "public"."enum__music_groups_v_version_form";
  DROP TYPE "public"."enum__music_groups_v_version_status";
  DROP TYPE "public"."enum__music_groups_v_published_locale";
  DROP TYPE "public"."enum_news_status";
  DROP TYPE "public"."enum__news_v_version_status";
  DROP TYPE "public"."enum__news_v_published_locale";`)
}
