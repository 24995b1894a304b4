import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_purchases_lines_formats" AS ENUM('mp3', 'flac', 'original');
  CREATE TYPE "public"."enum_purchases_lines_kind" AS ENUM('music-group', 'track', 'tip');
  CREATE TYPE "public"."enum_purchases_status" AS ENUM('pending_payment', 'paid', 'refunded', 'cancelled');
  CREATE TYPE "public"."enum_purchases_payment_method" AS ENUM('paypal', 'credit_card', 'prepayment');
  CREATE TYPE "public"."enum_purchases_locale" AS ENUM('de', 'en');
  CREATE TYPE "public"."enum_library_items_formats" AS ENUM('mp3', 'flac', 'original');
  CREATE TYPE "public"."enum_library_items_kind" AS ENUM('music-group', 'track');
  CREATE TYPE "public"."enum_library_items_source" AS ENUM('purchase', 'code', 'free');
  CREATE TABLE "purchases_lines_formats" (
  	"order" integer NOT NULL,
  	"parent_id" varchar NOT NULL,
  	"value" "enum_purchases_lines_formats",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "purchases_lines" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"kind" "enum_purchases_lines_kind" NOT NULL,
  	"music_group_id" integer,
  	"track_id" integer,
  	"tip_for_order_id" integer,
  	"tip_for_purchase_id" integer,
  	"title" varchar NOT NULL,
  	"amount" numeric NOT NULL,
  	"vat_rate" numeric NOT NULL,
  	"vat_amount" numeric NOT NULL
  );
  
  CREATE TABLE "purchases" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"customer_id" integer NOT NULL,
  	"status" "enum_purchases_status" DEFAULT 'pending_payment' NOT NULL,
  	"total" numeric NOT NULL,
  	"vat_amount" numeric NOT NULL,
  	"payment_method" "enum_purchases_payment_method" NOT NULL,
  	"paid_at" timestamp(3) with time zone,
  	"refunded_at" timestamp(3) with time zone,
  	"stripe_checkout_session" varchar,
  	"stripe_payment_intent" varchar,
  	"billing_name" varchar,
  	"billing_address" varchar,
  	"billing_country" varchar,
  	"card_country" varchar,
  	"terms_accepted_at" timestamp(3) with time zone,
  	"digital_content_consent_at" timestamp(3) with time zone,
  	"consent_wording_version" varchar,
  	"locale" "enum_purchases_locale",
  	"idempotency_key" varchar,
  	"invoice_id" integer,
  	"cancellation_invoice_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "library_items_formats" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_library_items_formats",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "library_items" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"customer_id" integer NOT NULL,
  	"kind" "enum_library_items_kind" NOT NULL,
  	"music_group_id" integer,
  	"track_id" integer,
  	"source" "enum_library_items_source" NOT NULL,
  	"purchase_id" integer,
  	"grant_key" varchar NOT NULL,
  	"granted_at" timestamp(3) with time zone NOT NULL,
  	"revoked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "invoices" ALTER COLUMN "order_id" DROP NOT NULL;
  ALTER TABLE "invoices" ADD COLUMN "purchase_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "purchases_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "library_items_id" integer;
  ALTER TABLE "settings" ADD COLUMN "oss_registered" boolean DEFAULT false;
  ALTER TABLE "purchases_lines_formats" ADD CONSTRAINT "purchases_lines_formats_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."purchases_lines"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "purchases_lines" ADD CONSTRAINT "purchases_lines_music_group_id_music_groups_id_fk" FOREIGN KEY ("music_group_id") REFERENCES "public"."music_groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases_lines" ADD CONSTRAINT "purchases_lines_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases_lines" ADD CONSTRAINT "purchases_lines_tip_for_order_id_orders_id_fk" FOREIGN KEY ("tip_for_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases_lines" ADD CONSTRAINT "purchases_lines_tip_for_purchase_id_purchases_id_fk" FOREIGN KEY ("tip_for_purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases_lines" ADD CONSTRAINT "purchases_lines_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "purchases" ADD CONSTRAINT "purchases_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases" ADD CONSTRAINT "purchases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "purchases" ADD CONSTRAINT "purchases_cancellation_invoice_id_invoices_id_fk" FOREIGN KEY ("cancellation_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "library_items_formats" ADD CONSTRAINT "library_items_formats_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "library_items" ADD CONSTRAINT "library_items_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "library_items" ADD CONSTRAINT "library_items_music_group_id_music_groups_id_fk" FOREIGN KEY ("music_group_id") REFERENCES "public"."music_groups"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "library_items" ADD CONSTRAINT "library_items_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "library_items" ADD CONSTRAINT "library_items_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "purchases_lines_formats_order_idx" ON "purchases_lines_formats" USING btree ("order");
  CREATE INDEX "purchases_lines_formats_parent_idx" ON "purchases_lines_formats" USING btree ("parent_id");
  CREATE INDEX "purchases_lines_order_idx" ON "purchases_lines" USING btree ("_order");
  CREATE INDEX "purchases_lines_parent_id_idx" ON "purchases_lines" USING btree ("_parent_id");
  CREATE INDEX "purchases_lines_music_group_idx" ON "purchases_lines" USING btree ("music_group_id");
  CREATE INDEX "purchases_lines_track_idx" ON "purchases_lines" USING btree ("track_id");
  CREATE INDEX "purchases_lines_tip_for_order_idx" ON "purchases_lines" USING btree ("tip_for_order_id");
  CREATE INDEX "purchases_lines_tip_for_purchase_idx" ON "purchases_lines" USING btree ("tip_for_purchase_id");
  CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("customer_id");
  CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status");
  CREATE INDEX "purchases_stripe_payment_intent_idx" ON "purchases" USING btree ("stripe_payment_intent");
  CREATE INDEX "purchases_invoice_idx" ON "purchases" USING btree ("invoice_id");
  CREATE INDEX "purchases_cancellation_invoice_idx" ON "purchases" USING btree ("cancellation_invoice_id");
  CREATE INDEX "purchases_updated_at_idx" ON "purchases" USING btree ("updated_at");
  CREATE INDEX "purchases_created_at_idx" ON "purchases" USING btree ("created_at");
  CREATE UNIQUE INDEX "customer_idempotency_key_1_idx" ON "purchases" USING btree ("customer_id","idempotency_key");
  CREATE INDEX "library_items_formats_order_idx" ON "library_items_formats" USING btree ("order");
  CREATE INDEX "library_items_formats_parent_idx" ON "library_items_formats" USING btree ("parent_id");
  CREATE INDEX "library_items_customer_idx" ON "library_items" USING btree ("customer_id");
  CREATE INDEX "library_items_music_group_idx" ON "library_items" USING btree ("music_group_id");
  CREATE INDEX "library_items_track_idx" ON "library_items" USING btree ("track_id");
  CREATE INDEX "library_items_purchase_idx" ON "library_items" USING btree ("purchase_id");
  CREATE UNIQUE INDEX "library_items_grant_key_idx" ON "library_items" USING btree ("grant_key");
  CREATE INDEX "library_items_updated_at_idx" ON "library_items" USING btree ("updated_at");
  CREATE INDEX "library_items_created_at_idx" ON "library_items" USING btree ("created_at");
  ALTER TABLE "invoices" ADD CONSTRAINT "invoices_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_purchases_fk" FOREIGN KEY ("purchases_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_library_items_fk" FOREIGN KEY ("library_items_id") REFERENCES "public"."library_items"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "invoices_purchase_idx" ON "invoices" USING btree ("purchase_id");
  CREATE UNIQUE INDEX "purchase_kind_idx" ON "invoices" USING btree ("purchase_id","kind");
  CREATE INDEX "payload_locked_documents_rels_purchases_id_idx" ON "payload_locked_documents_rels" USING btree ("purchases_id");
  CREATE INDEX "payload_locked_documents_rels_library_items_id_idx" ON "payload_locked_documents_rels" USING btree ("library_items_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "purchases_lines_formats" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "purchases_lines" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "purchases" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "library_items_formats" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "library_items" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "purchases_lines_formats" CASCADE;
  DROP TABLE "purchases_lines" CASCADE;
  DROP TABLE "purchases" CASCADE;
  DROP TABLE "library_items_formats" CASCADE;
  DROP TABLE "library_items" CASCADE;
  ALTER TABLE "invoices" DROP CONSTRAINT "invoices_purchase_id_purchases_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_purchases_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_library_items_fk";
  
  DROP INDEX "invoices_purchase_idx";
  DROP INDEX "purchase_kind_idx";
  DROP INDEX "payload_locked_documents_rels_purchases_id_idx";
  DROP INDEX "payload_locked_documents_rels_library_items_id_idx";
  ALTER TABLE "invoices" ALTER COLUMN "order_id" SET NOT NULL;
  ALTER TABLE "invoices" DROP COLUMN "purchase_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "purchases_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "library_items_id";
  ALTER TABLE "settings" DROP COLUMN "oss_registered";
  DROP TYPE "public"."enum_purchases_lines_formats";
  DROP TYPE "public"."enum_purchases_lines_kind";
  DROP TYPE "public"."enum_purchases_status";
  DROP TYPE "public"."enum_purchases_payment_method";
  DROP TYPE "public"."enum_purchases_locale";
  DROP TYPE "public"."enum_library_items_formats";
  DROP TYPE "public"."enum_library_items_kind";
  DROP TYPE "public"."enum_library_items_source";`)
}
