import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "revision_requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order_id" integer NOT NULL,
  	"customer_id" integer NOT NULL,
  	"delivery_version" numeric NOT NULL,
  	"message" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "gift_links" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order_id" integer NOT NULL,
  	"customer_id" integer NOT NULL,
  	"audio_id" integer NOT NULL,
  	"dedication" varchar,
  	"token_hash" varchar NOT NULL,
  	"revoked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "orders_uploads" ADD COLUMN "version" numeric;
  ALTER TABLE "orders" ADD COLUMN "revisions_included" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "revision_requests_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "gift_links_id" integer;
  ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "revision_requests" ADD CONSTRAINT "revision_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "gift_links" ADD CONSTRAINT "gift_links_audio_id_audio_id_fk" FOREIGN KEY ("audio_id") REFERENCES "public"."audio"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "revision_requests_order_idx" ON "revision_requests" USING btree ("order_id");
  CREATE INDEX "revision_requests_customer_idx" ON "revision_requests" USING btree ("customer_id");
  CREATE INDEX "revision_requests_updated_at_idx" ON "revision_requests" USING btree ("updated_at");
  CREATE INDEX "revision_requests_created_at_idx" ON "revision_requests" USING btree ("created_at");
  CREATE INDEX "gift_links_order_idx" ON "gift_links" USING btree ("order_id");
  CREATE INDEX "gift_links_customer_idx" ON "gift_links" USING btree ("customer_id");
  CREATE INDEX "gift_links_audio_idx" ON "gift_links" USING btree ("audio_id");
  CREATE UNIQUE INDEX "gift_links_token_hash_idx" ON "gift_links" USING btree ("token_hash");
  CREATE INDEX "gift_links_revoked_at_idx" ON "gift_links" USING btree ("revoked_at");
  CREATE INDEX "gift_links_updated_at_idx" ON "gift_links" USING btree ("updated_at");
  CREATE INDEX "gift_links_created_at_idx" ON "gift_links" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_revision_requests_fk" FOREIGN KEY ("revision_requests_id") REFERENCES "public"."revision_requests"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_gift_links_fk" FOREIGN KEY ("gift_links_id") REFERENCES "public"."gift_links"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_revision_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("revision_requests_id");
  CREATE INDEX "payload_locked_documents_rels_gift_links_id_idx" ON "payload_locked_documents_rels" USING btree ("gift_links_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "revision_requests" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "gift_links" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "revision_requests" CASCADE;
  DROP TABLE "gift_links" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_revision_requests_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_gift_links_fk";
  
  DROP INDEX "payload_locked_documents_rels_revision_requests_id_idx";
  DROP INDEX "payload_locked_documents_rels_gift_links_id_idx";
  ALTER TABLE "orders_uploads" DROP COLUMN "version";
  ALTER TABLE "orders" DROP COLUMN "revisions_included";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "revision_requests_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "gift_links_id";`)
}
