DROP INDEX "audit_log_cid_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_cid_action_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_cid_user_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_created_idx";--> statement-breakpoint
DROP INDEX "audit_log_action_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_cid_created_idx" ON "audit_log" USING btree ("cid","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_cid_action_created_idx" ON "audit_log" USING btree ("cid","action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_cid_user_created_idx" ON "audit_log" USING btree ("cid","web_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_created_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);