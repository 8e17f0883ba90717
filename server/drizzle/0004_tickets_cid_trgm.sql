DROP INDEX "tickets_ticket_no_trgm";--> statement-breakpoint
DROP INDEX "tickets_short_desc_trgm";--> statement-breakpoint
DROP INDEX "tickets_target_name_trgm";--> statement-breakpoint
CREATE INDEX "tickets_cid_ticket_no_trgm" ON "tickets" USING gin ("cid","ticket_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_cid_short_desc_trgm" ON "tickets" USING gin ("cid","short_description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_cid_target_name_trgm" ON "tickets" USING gin ("cid","target_name" gin_trgm_ops);