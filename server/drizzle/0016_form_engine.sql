CREATE TABLE "form_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"published_by" integer
);
--> statement-breakpoint
DROP INDEX "form_submissions_cid_form_idx";--> statement-breakpoint
ALTER TABLE "forms" ALTER COLUMN "status" SET DEFAULT 'Draft';--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "form_version_id" integer;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "ticket_id" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "cid" integer;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "creates_service_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "draft_definition" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_published_by_web_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."web_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_form_version_uq" ON "form_versions" USING btree ("form_id","version");--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_version_id_form_versions_id_fk" FOREIGN KEY ("form_version_id") REFERENCES "public"."form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_user_form_idx" ON "form_submissions" USING btree ("web_user_id","form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "form_submissions_cid_form_idx" ON "form_submissions" USING btree ("cid","form_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- requirements §14.1: the first field lists could not be rendered by the form engine; they stay as retired records (the seed adds the catalogue).
UPDATE "forms" SET "status" = 'Retired' WHERE "status" NOT IN ('Draft', 'Published', 'Retired');
