import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/*
 * The account mails: users.locale and users.email_confirmed_at, and the pending confirmation links.
 * Generated, then trimmed to this change: the snapshot it was diffed against (legal_pages) predates
 * the mail queue and consent migrations merged beside it, which create their own tables and columns.
 * The .json snapshot next to this file is the whole schema after all of them.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_locale" AS ENUM('de', 'en');
  CREATE TABLE "email_confirmation_links" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user" numeric NOT NULL,
  	"email" varchar NOT NULL,
  	"token_hash" varchar NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "locale" "enum_users_locale";
  ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "email_confirmation_links_id" integer;
  CREATE INDEX "email_confirmation_links_user_idx" ON "email_confirmation_links" USING btree ("user");
  CREATE UNIQUE INDEX "email_confirmation_links_token_hash_idx" ON "email_confirmation_links" USING btree ("token_hash");
  CREATE INDEX "email_confirmation_links_expires_at_idx" ON "email_confirmation_links" USING btree ("expires_at");
  CREATE INDEX "email_confirmation_links_updated_at_idx" ON "email_confirmation_links" USING btree ("updated_at");
  CREATE INDEX "email_confirmation_links_created_at_idx" ON "email_confirmation_links" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_email_confirmation_links_fk" FOREIGN KEY ("email_confirmation_links_id") REFERENCES "public"."email_confirmation_links"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_email_confirmation_links_i_idx" ON "payload_locked_documents_rels" USING btree ("email_confirmation_links_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_email_confirmation_links_fk";
  DROP INDEX "payload_locked_documents_rels_email_confirmation_links_i_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "email_confirmation_links_id";
  DROP TABLE "email_confirmation_links" CASCADE;
  ALTER TABLE "users" DROP COLUMN "locale";
  ALTER TABLE "users" DROP COLUMN "email_confirmed_at";
  DROP TYPE "public"."enum_users_locale";`)
}
