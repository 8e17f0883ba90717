CREATE TABLE "survey_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"assigned_staff_id" integer,
	"assigned_to" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_emailed" boolean DEFAULT false NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "surveys_cid_date_idx";--> statement-breakpoint
DROP INDEX "surveys_cid_contact_idx";--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "ticket_no" varchar(20);--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "submitted_by_name" varchar(200);--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "invitation_id" integer;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_assigned_staff_id_provider_staff_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."provider_staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_ticket_uq" ON "survey_invitations" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "survey_invitations_cid_contact_created_idx" ON "survey_invitations" USING btree ("cid","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "survey_invitations_cid_created_idx" ON "survey_invitations" USING btree ("cid","created_at");--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_invitation_id_survey_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."survey_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_invitation_uq" ON "surveys" USING btree ("invitation_id") WHERE "surveys"."invitation_id" is not null;--> statement-breakpoint
CREATE INDEX "surveys_cid_date_id_idx" ON "surveys" USING btree ("cid","date_submitted","id");--> statement-breakpoint
CREATE INDEX "surveys_cid_source_idx" ON "surveys" USING btree ("cid","source","id");--> statement-breakpoint
CREATE INDEX "surveys_cid_submitted_by_idx" ON "surveys" USING btree ("cid","submitted_by_name","id");--> statement-breakpoint
CREATE INDEX "surveys_cid_ticket_no_idx" ON "surveys" USING btree ("cid","ticket_no","id");--> statement-breakpoint
CREATE INDEX "surveys_cid_response_idx" ON "surveys" USING btree ("cid","response","id");--> statement-breakpoint
CREATE INDEX "surveys_cid_assigned_to_idx" ON "surveys" USING btree ("cid","assigned_to","id");--> statement-breakpoint
CREATE INDEX "surveys_cid_contact_date_idx" ON "surveys" USING btree ("cid","submitted_by_contact_id","date_submitted","id");--> statement-breakpoint
-- Surveys recorded before this migration: the ticket number and the submitter's name the list sorts and searches by.
UPDATE "surveys" s SET "ticket_no" = t."ticket_no" FROM "tickets" t WHERE t."id" = s."ticket_id" AND s."ticket_no" IS NULL;--> statement-breakpoint
UPDATE "surveys" s SET "submitted_by_name" = trim(c."first_name" || ' ' || c."last_name") FROM "contacts" c WHERE c."id" = s."submitted_by_contact_id" AND s."submitted_by_name" IS NULL;
