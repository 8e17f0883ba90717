DROP INDEX "tickets_cid_ticket_no_trgm";--> statement-breakpoint
DROP INDEX "tickets_cid_short_desc_trgm";--> statement-breakpoint
DROP INDEX "tickets_cid_target_name_trgm";--> statement-breakpoint
CREATE INDEX "tickets_incident_ticket_no_trgm" ON "tickets" USING gin ("cid","ticket_no" gin_trgm_ops) WHERE "tickets"."ticket_type" = 'Incident';--> statement-breakpoint
CREATE INDEX "tickets_incident_short_desc_trgm" ON "tickets" USING gin ("cid","short_description" gin_trgm_ops) WHERE "tickets"."ticket_type" = 'Incident';--> statement-breakpoint
CREATE INDEX "tickets_incident_target_name_trgm" ON "tickets" USING gin ("cid","target_name" gin_trgm_ops) WHERE "tickets"."ticket_type" = 'Incident';--> statement-breakpoint
CREATE INDEX "tickets_request_ticket_no_trgm" ON "tickets" USING gin ("cid","ticket_no" gin_trgm_ops) WHERE "tickets"."ticket_type" = 'ServiceRequest';--> statement-breakpoint
CREATE INDEX "tickets_request_short_desc_trgm" ON "tickets" USING gin ("cid","short_description" gin_trgm_ops) WHERE "tickets"."ticket_type" = 'ServiceRequest';--> statement-breakpoint
CREATE INDEX "tickets_request_target_name_trgm" ON "tickets" USING gin ("cid","target_name" gin_trgm_ops) WHERE "tickets"."ticket_type" = 'ServiceRequest';