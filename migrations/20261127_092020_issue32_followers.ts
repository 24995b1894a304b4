import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_followers_status" AS ENUM('pending', 'confirmed', 'unsubscribed');
  CREATE TYPE "public"."enum_followers_locale" AS ENUM('de', 'en');
  CREATE TYPE "public"."enum_followers_source" AS ENUM('form', 'account', 'checkout', 'import');
  CREATE TABLE "followers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"email" varchar NOT NULL,
  	"status" "enum_followers_status" DEFAULT 'pending' NOT NULL,
  	"locale" "enum_followers_locale" DEFAULT 'de' NOT NULL,
  	"source" "enum_followers_source" DEFAULT 'form' NOT NULL,
  	"user_id" integer,
  	"consent_text" varchar NOT NULL,
  	"consent_version" varchar NOT NULL,
  	"requested_at" timestamp(3) with time zone NOT NULL,
  	"confirmation_sent_at" timestamp(3) with time zone,
  	"confirmed_at" timestamp(3) with time zone,
  	"unsubscribed_at" timestamp(3) with time zone,
  	"token_hash" varchar,
  	"token_expires_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "followers_id" integer;
  ALTER TABLE "followers" ADD CONSTRAINT "followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "followers_email_idx" ON "followers" USING btree ("email");
  CREATE INDEX "followers_status_idx" ON "followers" USING btree ("status");
  CREATE INDEX "followers_user_idx" ON "followers" USING btree ("user_id");
  CREATE INDEX "followers_requested_at_idx" ON "followers" USING btree ("requested_at");
  CREATE INDEX "followers_unsubscribed_at_idx" ON "followers" USING btree ("unsubscribed_at");
  CREATE UNIQUE INDEX "followers_token_hash_idx" ON "followers" USING btree ("token_hash");
  CREATE INDEX "followers_updated_at_idx" ON "followers" USING btree ("updated_at");
  CREATE INDEX "followers_created_at_idx" ON "followers" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_followers_fk" FOREIGN KEY ("followers_id") REFERENCES "public"."followers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_followers_id_idx" ON "payload_locked_documents_rels" USING btree ("followers_id");`)
  // Written by hand (Payload cannot declare a partial index): at most one pending or confirmed
  // sign-up per address; unsubscribed ones stay beside it as proof until their period ends.
  await db.execute(sql`CREATE UNIQUE INDEX "followers_active_email_idx" ON "followers" USING btree ("email") WHERE "status" IN ('pending', 'confirmed');`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "followers" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "followers" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_followers_fk";
  
  DROP INDEX "payload_locked_documents_rels_followers_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "followers_id";
  DROP TYPE "public"."enum_followers_status";
  DROP TYPE "public"."enum_followers_locale";
  DROP TYPE "public"."enum_followers_source";`)
}
