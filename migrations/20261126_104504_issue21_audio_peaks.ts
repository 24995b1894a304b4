import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'computePeaks';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'computePeaks';
  ALTER TABLE "audio" ADD COLUMN "peaks" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  // Jobs of the removed task would not fit the narrowed types.
  await db.execute(sql`
   DELETE FROM "payload_jobs_log" WHERE "task_slug" = 'computePeaks';
   DELETE FROM "payload_jobs" WHERE "task_slug" = 'computePeaks';
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendMail', 'prepareMp3');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendMail', 'prepareMp3');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "audio" DROP COLUMN "peaks";`)
}
