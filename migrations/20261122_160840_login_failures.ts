import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "login_failures" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"address_fingerprint" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "login_failures_id" integer;
  CREATE INDEX "login_failures_address_fingerprint_idx" ON "login_failures" USING btree ("address_fingerprint");
  CREATE INDEX "login_failures_updated_at_idx" ON "login_failures" USING btree ("updated_at");
  CREATE INDEX "login_failures_created_at_idx" ON "login_failures" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_login_failures_fk" FOREIGN KEY ("login_failures_id") REFERENCES "public"."login_failures"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_login_failures_id_idx" ON "payload_locked_documents_rels" USING btree ("login_failures_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "login_failures" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "login_failures" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_login_failures_fk";
  
  DROP INDEX "payload_locked_documents_rels_login_failures_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "login_failures_id";`)
}
