import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_follower_mailings_release_collection" AS ENUM('music-groups', 'tracks', 'news');
  CREATE TYPE "public"."enum_follower_mailings_status" AS ENUM('waiting', 'sending', 'done', 'stopped');
  CREATE TYPE "public"."enum_mailing_deliveries_status" AS ENUM('queued', 'sending', 'retrying', 'sent', 'failed', 'interrupted', 'skipped');
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'sendFollowerMailing' BEFORE 'prepareMp3';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'sendFollowerMailing' BEFORE 'prepareMp3';
  CREATE TABLE "follower_mailings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"release_collection" "enum_follower_mailings_release_collection" NOT NULL,
  	"release_id" numeric NOT NULL,
  	"release_key" varchar NOT NULL,
  	"status" "enum_follower_mailings_status" DEFAULT 'waiting' NOT NULL,
  	"requested_by_id" integer,
  	"requested_at" timestamp(3) with time zone NOT NULL,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "mailing_deliveries" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"mailing_id" integer NOT NULL,
  	"follower_id" integer,
  	"status" "enum_mailing_deliveries_status" DEFAULT 'queued' NOT NULL,
  	"attempts" numeric DEFAULT 0,
  	"next_attempt_at" timestamp(3) with time zone,
  	"sent_at" timestamp(3) with time zone,
  	"message_id" varchar,
  	"last_error" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "followers" ADD COLUMN "bounced_at" timestamp(3) with time zone;
  ALTER TABLE "followers" ADD COLUMN "bounce_reason" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "follower_mailings_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "mailing_deliveries_id" integer;
  ALTER TABLE "settings" ADD COLUMN "follower_mails_per_minute" numeric DEFAULT 60 NOT NULL;
  ALTER TABLE "follower_mailings" ADD CONSTRAINT "follower_mailings_requested_by_id_users_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_mailing_id_follower_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."follower_mailings"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "mailing_deliveries" ADD CONSTRAINT "mailing_deliveries_follower_id_followers_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."followers"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "follower_mailings_release_key_idx" ON "follower_mailings" USING btree ("release_key");
  CREATE INDEX "follower_mailings_status_idx" ON "follower_mailings" USING btree ("status");
  CREATE INDEX "follower_mailings_requested_by_idx" ON "follower_mailings" USING btree ("requested_by_id");
  CREATE INDEX "follower_mailings_updated_at_idx" ON "follower_mailings" USING btree ("updated_at");
  CREATE INDEX "follower_mailings_created_at_idx" ON "follower_mailings" USING btree ("created_at");
  CREATE INDEX "mailing_deliveries_mailing_idx" ON "mailing_deliveries" USING btree ("mailing_id");
  CREATE INDEX "mailing_deliveries_follower_idx" ON "mailing_deliveries" USING btree ("follower_id");
  CREATE INDEX "mailing_deliveries_status_idx" ON "mailing_deliveries" USING btree ("status");
  CREATE INDEX "mailing_deliveries_updated_at_idx" ON "mailing_deliveries" USING btree ("updated_at");
  CREATE INDEX "mailing_deliveries_created_at_idx" ON "mailing_deliveries" USING btree ("created_at");
  CREATE UNIQUE INDEX "mailing_follower_idx" ON "mailing_deliveries" USING btree ("mailing_id","follower_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_follower_mailings_fk" FOREIGN KEY ("follower_mailings_id") REFERENCES "public"."follower_mailings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_mailing_deliveries_fk" FOREIGN KEY ("mailing_deliveries_id") REFERENCES "public"."mailing_deliveries"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "followers_bounced_at_idx" ON "followers" USING btree ("bounced_at");
  CREATE INDEX "payload_locked_documents_rels_follower_mailings_id_idx" ON "payload_locked_documents_rels" USING btree ("follower_mailings_id");
  CREATE INDEX "payload_locked_documents_rels_mailing_deliveries_id_idx" ON "payload_locked_documents_rels" USING btree ("mailing_deliveries_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "follower_mailings" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "mailing_deliveries" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "follower_mailings" CASCADE;
  DROP TABLE "mailing_deliveries" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_follower_mailings_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_mailing_deliveries_fk";
  
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendMail', 'prepareMp3', 'computePeaks', 'schedulePublish');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendMail', 'prepareMp3', 'computePeaks', 'schedulePublish');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "followers_bounced_at_idx";
  DROP INDEX "payload_locked_documents_rels_follower_mailings_id_idx";
  DROP INDEX "payload_locked_documents_rels_mailing_deliveries_id_idx";
  ALTER TABLE "followers" DROP COLUMN "bounced_at";
  ALTER TABLE "followers" DROP COLUMN "bounce_reason";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "follower_mailings_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "mailing_deliveries_id";
  ALTER TABLE "settings" DROP COLUMN "follower_mails_per_minute";
  DROP TYPE "public"."enum_follower_mailings_release_collection";
  DROP TYPE "public"."enum_follower_mailings_status";
  DROP TYPE "public"."enum_mailing_deliveries_status";`)
}
