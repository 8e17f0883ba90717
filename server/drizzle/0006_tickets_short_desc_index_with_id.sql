DROP INDEX "tickets_cid_type_short_desc_idx";--> statement-breakpoint
CREATE INDEX "tickets_cid_type_short_desc_idx" ON "tickets" USING btree ("cid","ticket_type","short_description","id");