CREATE TABLE "customer_email_domains" (
	"domain" varchar(253) PRIMARY KEY NOT NULL,
	"cid" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "registration_key" varchar(36) DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_email_domains" ADD CONSTRAINT "customer_email_domains_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_registration_key_uq" ON "customers" USING btree ("registration_key");--> statement-breakpoint
CREATE INDEX "one_time_tokens_contact_purpose_idx" ON "one_time_tokens" USING btree ("contact_id","purpose");