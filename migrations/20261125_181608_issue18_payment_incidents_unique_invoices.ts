import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_payment_incidents_kind" AS ENUM('duplicate_payment', 'dispute');
  CREATE TABLE "orders_payment_incidents" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"kind" "enum_orders_payment_incidents_kind",
  	"reference" varchar,
  	"amount" numeric,
  	"state" varchar,
  	"opened_at" timestamp(3) with time zone,
  	"closed_at" timestamp(3) with time zone,
  	"resolved" boolean DEFAULT false
  );
  
  ALTER TABLE "orders_payment_incidents" ADD CONSTRAINT "orders_payment_incidents_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "orders_payment_incidents_order_idx" ON "orders_payment_incidents" USING btree ("_order");
  CREATE INDEX "orders_payment_incidents_parent_id_idx" ON "orders_payment_incidents" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "order_kind_idx" ON "invoices" USING btree ("order_id","kind");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders_payment_incidents" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "orders_payment_incidents" CASCADE;
  DROP INDEX "order_kind_idx";
  DROP TYPE "public"."enum_orders_payment_incidents_kind";`)
}
