import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_withdrawals_locale" AS ENUM('de', 'en');
  CREATE TYPE "public"."enum_withdrawals_status" AS ENUM('new', 'handled');
  CREATE TABLE "withdrawals" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"received_at" timestamp(3) with time zone NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"order_number" varchar NOT NULL,
  	"order_id" integer,
  	"customer_id" integer,
  	"details" varchar,
  	"declaration" varchar NOT NULL,
  	"locale" "enum_withdrawals_locale" NOT NULL,
  	"status" "enum_withdrawals_status" DEFAULT 'new' NOT NULL,
  	"seller_note" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "withdrawals_id" integer;
  ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "withdrawals_received_at_idx" ON "withdrawals" USING btree ("received_at");
  CREATE INDEX "withdrawals_order_idx" ON "withdrawals" USING btree ("order_id");
  CREATE INDEX "withdrawals_customer_idx" ON "withdrawals" USING btree ("customer_id");
  CREATE INDEX "withdrawals_updated_at_idx" ON "withdrawals" USING btree ("updated_at");
  CREATE INDEX "withdrawals_created_at_idx" ON "withdrawals" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_withdrawals_fk" FOREIGN KEY ("withdrawals_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_withdrawals_id_idx" ON "payload_locked_documents_rels" USING btree ("withdrawals_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "withdrawals" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "withdrawals" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_withdrawals_fk";
  
  DROP INDEX "payload_locked_documents_rels_withdrawals_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "withdrawals_id";
  DROP TYPE "public"."enum_withdrawals_locale";
  DROP TYPE "public"."enum_withdrawals_status";`)
}
