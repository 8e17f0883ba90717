CREATE TABLE "login_throttle" (
	"web_user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "contact_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_email" varchar(254);--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "user_agent" varchar(400);--> statement-breakpoint
ALTER TABLE "login_throttle" ADD CONSTRAINT "login_throttle_web_user_id_web_users_id_fk" FOREIGN KEY ("web_user_id") REFERENCES "public"."web_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_cid_action_created_idx" ON "audit_log" USING btree ("cid","action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_cid_user_created_idx" ON "audit_log" USING btree ("cid","web_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Session cache invalidation across processes (docs/decisions/023): every change that can end or alter a
-- signed-in caller notifies the channel sc_session_cache on commit; each server process LISTENs and forgets.
CREATE OR REPLACE FUNCTION sc_notify_session_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('sc_session_cache', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'web_users' THEN
    PERFORM pg_notify('sc_session_cache', 'u:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'user_preferences' THEN
    PERFORM pg_notify('sc_session_cache', 'u:' || COALESCE(NEW.web_user_id, OLD.web_user_id));
  ELSIF TG_TABLE_NAME = 'contacts' THEN
    PERFORM pg_notify('sc_session_cache', 'c:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'customers' THEN
    PERFORM pg_notify('sc_session_cache', 'k:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_session_cache AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION sc_notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER web_users_notify_session_cache AFTER UPDATE OR DELETE ON "web_users" FOR EACH ROW EXECUTE FUNCTION sc_notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER user_preferences_notify_session_cache AFTER INSERT OR UPDATE OR DELETE ON "user_preferences" FOR EACH ROW EXECUTE FUNCTION sc_notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER contacts_notify_session_cache AFTER UPDATE OF is_active, first_name, last_name, middle_initial, time_zone, is_primary, primary_contact_id, department_id, site_id ON "contacts" FOR EACH ROW EXECUTE FUNCTION sc_notify_session_cache();
--> statement-breakpoint
CREATE TRIGGER customers_notify_session_cache AFTER UPDATE ON "customers" FOR EACH ROW EXECUTE FUNCTION sc_notify_session_cache();
