import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "purchases_lines" ADD COLUMN "named_price" boolean DEFAULT false;
  ALTER TABLE "payment_events" ADD COLUMN "purchase_id" integer;
  ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "payment_events_purchase_idx" ON "payment_events" USING btree ("purchase_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payment_events" DROP CONSTRAINT "payment_events_purchase_id_purchases_id_fk";
  
  DROP INDEX "payment_events_purchase_idx";
  ALTER TABLE "purchases_lines" DROP COLUMN "named_price";
  ALTER TABLE "payment_events" DROP COLUMN "purchase_id";`)
}
