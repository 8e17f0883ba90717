CREATE TABLE "login_delays" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_delays_last_failure_idx" ON "login_delays" USING btree ("last_failure_at");