import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// Drizzle orders the DROP CONSTRAINT after the CASCADE that already removed it: IF EXISTS.

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "rate_limit_hits" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"limit_key" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "login_failures" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "login_failures" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_login_failures_fk";
  
  DROP INDEX IF EXISTS "payload_locked_documents_rels_login_failures_id_idx";
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "rate_limit_hits_id" integer;
  CREATE INDEX "rate_limit_hits_limit_key_idx" ON "rate_limit_hits" USING btree ("limit_key");
  CREATE INDEX "rate_limit_hits_updated_at_idx" ON "rate_limit_hits" USING btree ("updated_at");
  CREATE INDEX "rate_limit_hits_created_at_idx" ON "rate_limit_hits" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_rate_limit_hits_fk" FOREIGN KEY ("rate_limit_hits_id") REFERENCES "public"."rate_limit_hits"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_rate_limit_hits_id_idx" ON "payload_locked_documents_rels" USING btree ("rate_limit_hits_id");
  ALTER TABLE "users" DROP COLUMN "login_attempts";
  ALTER TABLE "users" DROP COLUMN "lock_until";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "login_failures_id";`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "login_failures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"address_fingerprint" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "rate_limit_hits" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "rate_limit_hits" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_rate_limit_hits_fk";
  
  DROP INDEX IF EXISTS "payload_locked_documents_rels_rate_limit_hits_id_idx";
  ALTER TABLE "users" ADD COLUMN "login_attempts" numeric DEFAULT 0;
  ALTER TABLE "users" ADD COLUMN "lock_until" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "login_failures_id" integer;
  CREATE INDEX "login_failures_address_fingerprint_idx" ON "login_failures" USING btree ("address_fingerprint");
  CREATE INDEX "login_failures_updated_at_idx" ON "login_failures" USING btree ("updated_at");
  CREATE INDEX "login_failures_created_at_idx" ON "login_failures" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_login_failures_fk" FOREIGN KEY ("login_failures_id") REFERENCES "public"."login_failures"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_login_failures_id_idx" ON "payload_locked_documents_rels" USING btree ("login_failures_id");
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "rate_limit_hits_id";`)
}
