import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_locale" AS ENUM('de', 'en');
  ALTER TABLE "orders" ADD COLUMN "early_start_consent_at" timestamp(3) with time zone;
  ALTER TABLE "orders" ADD COLUMN "consent_wording_version" varchar;
  ALTER TABLE "orders" ADD COLUMN "locale" "enum_orders_locale";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP COLUMN "early_start_consent_at";
  ALTER TABLE "orders" DROP COLUMN "consent_wording_version";
  ALTER TABLE "orders" DROP COLUMN "locale";
  DROP TYPE "public"."enum_orders_locale";`)
}
