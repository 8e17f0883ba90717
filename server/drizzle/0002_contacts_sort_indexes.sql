CREATE INDEX "contacts_cid_direct_phone_idx" ON "contacts" USING btree ("cid","direct_phone");--> statement-breakpoint
CREATE INDEX "contacts_cid_mobile_phone_idx" ON "contacts" USING btree ("cid","mobile_phone");--> statement-breakpoint
CREATE INDEX "contacts_cid_title_idx" ON "contacts" USING btree ("cid","title");