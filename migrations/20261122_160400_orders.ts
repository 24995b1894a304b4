import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_orders_status" AS ENUM('pending_payment', 'paid', 'in_progress', 'delivered', 'completed', 'cancelled');
  CREATE TYPE "public"."enum_orders_payment_method" AS ENUM('paypal', 'credit_card', 'prepayment');
  CREATE TABLE "orders_uploads" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"audio_id" integer NOT NULL,
  	"description" varchar
  );
  
  CREATE TABLE "orders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"customer_id" integer NOT NULL,
  	"status" "enum_orders_status" DEFAULT 'pending_payment' NOT NULL,
  	"confirmed_by_user" boolean DEFAULT false,
  	"confirmed_at" timestamp(3) with time zone,
  	"package" varchar NOT NULL,
  	"use_type" varchar,
  	"theme" varchar NOT NULL,
  	"custom_theme" varchar,
  	"personal_note" varchar,
  	"spotify_option" boolean DEFAULT false,
  	"payment_method" "enum_orders_payment_method" DEFAULT 'prepayment' NOT NULL,
  	"invoice_pdf" varchar,
  	"package_price" numeric,
  	"streaming_surcharge" numeric,
  	"total" numeric,
  	"vat_rate" numeric,
  	"vat_amount" numeric,
  	"package_name" varchar,
  	"terms_accepted_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "orders_id" integer;
  ALTER TABLE "orders_uploads" ADD CONSTRAINT "orders_uploads_audio_id_audio_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "orders_uploads" ADD CONSTRAINT "orders_uploads_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "orders_uploads_order_idx" ON "orders_uploads" USING btree ("_order");
  CREATE INDEX "orders_uploads_parent_id_idx" ON "orders_uploads" USING btree ("_parent_id");
  CREATE INDEX "orders_uploads_audio_idx" ON "orders_uploads" USING btree ("audio_id");
  CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id");
  CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");
  CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at");
  CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_orders_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_orders_id_idx" ON "payload_locked_documents_rels" USING btree ("orders_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders_uploads" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "orders" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "orders_uploads" CASCADE;
  DROP TABLE "orders" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_orders_fk";
  
  DROP INDEX "payload_locked_documents_rels_orders_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "orders_id";
  DROP TYPE "public"."enum_orders_status";
  DROP TYPE "public"."enum_orders_payment_method";`)
}
