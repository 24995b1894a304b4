import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_locale" AS ENUM('de', 'en');
  ALTER TABLE "users" ADD COLUMN "locale" "enum_users_locale";
  ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "users" ADD COLUMN "email_confirmation_token_hash" varchar;
  ALTER TABLE "users" ADD COLUMN "email_confirmation_expires_at" timestamp(3) with time zone;
  CREATE INDEX "users_email_confirmation_token_hash_idx" ON "users" USING btree ("email_confirmation_token_hash");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "users_email_confirmation_token_hash_idx";
  ALTER TABLE "users" DROP COLUMN "locale";
  ALTER TABLE "users" DROP COLUMN "email_confirmed_at";
  ALTER TABLE "users" DROP COLUMN "email_confirmation_token_hash";
  ALTER TABLE "users" DROP COLUMN "email_confirmation_expires_at";
  DROP TYPE "public"."enum_users_locale";`)
}
