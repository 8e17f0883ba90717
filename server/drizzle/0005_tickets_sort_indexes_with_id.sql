DROP INDEX "tickets_cid_type_requested_start_idx";--> statement-breakpoint
DROP INDEX "tickets_cid_type_assigned_name_idx";--> statement-breakpoint
DROP INDEX "tickets_cid_type_priority_idx";--> statement-breakpoint
DROP INDEX "tickets_cid_type_severity_idx";--> statement-breakpoint
CREATE INDEX "tickets_cid_type_requested_start_idx" ON "tickets" USING btree ("cid","ticket_type","requested_start_date","id");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_assigned_name_idx" ON "tickets" USING btree ("cid","ticket_type","assigned_to_name","id");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_priority_idx" ON "tickets" USING btree ("cid","ticket_type","priority_id","id");--> statement-breakpoint
CREATE INDEX "tickets_cid_type_severity_idx" ON "tickets" USING btree ("cid","ticket_type","severity_short","id");