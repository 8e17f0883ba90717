CREATE INDEX "surveys_ticket_no_trgm" ON "surveys" USING gin ("cid","ticket_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_submitted_by_name_trgm" ON "surveys" USING gin ("cid","submitted_by_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_assigned_to_trgm" ON "surveys" USING gin ("cid","assigned_to" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "surveys_comment_trgm" ON "surveys" USING gin ("cid","comment" gin_trgm_ops);