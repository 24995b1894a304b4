import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "idempotency_key" varchar;
  CREATE UNIQUE INDEX "customer_idempotency_key_idx" ON "orders" USING btree ("customer_id","idempotency_key");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "customer_idempotency_key_idx";
  ALTER TABLE "orders" DROP COLUMN "idempotency_key";`)
}
