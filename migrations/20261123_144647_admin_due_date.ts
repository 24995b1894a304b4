import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "due_at" timestamp(3) with time zone;
  CREATE INDEX "orders_due_at_idx" ON "orders" USING btree ("due_at");`)
  // Orders paid before this migration get their due date as collections/hooks/setDueDate.ts gives it.
  await db.execute(sql`
   UPDATE "orders" SET "due_at" = "orders"."paid_at" + make_interval(days => "packages"."turnaround_days"::int)
   FROM "packages"
   WHERE "packages"."slug" = "orders"."package" AND "orders"."paid_at" IS NOT NULL
     AND "orders"."status" NOT IN ('completed', 'cancelled', 'refunded');`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "orders_due_at_idx";
  ALTER TABLE "orders" DROP COLUMN "due_at";`)
}
