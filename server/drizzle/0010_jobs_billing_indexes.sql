CREATE INDEX "job_products_cid_job_name_idx" ON "job_products" USING btree ("cid","job_id","product_name","id");--> statement-breakpoint
CREATE INDEX "jobs_cid_job_num_id_idx" ON "jobs" USING btree ("cid","job_num","id");--> statement-breakpoint
CREATE INDEX "managed_services_listed_cid_id_idx" ON "managed_services" USING btree ("cid","id" DESC NULLS LAST) WHERE ok_to_invoice and not is_closed;--> statement-breakpoint
CREATE INDEX "managed_services_listed_cid_rate_desc_idx" ON "managed_services" USING btree ("cid","rate_desc","id") WHERE ok_to_invoice and not is_closed;--> statement-breakpoint
CREATE INDEX "managed_services_listed_cid_description_idx" ON "managed_services" USING btree ("cid","description","id") WHERE ok_to_invoice and not is_closed;--> statement-breakpoint
CREATE INDEX "managed_services_listed_cid_sell_price_idx" ON "managed_services" USING btree ("cid","sell_price","id") WHERE ok_to_invoice and not is_closed;--> statement-breakpoint
CREATE INDEX "managed_services_listed_cid_quantity_idx" ON "managed_services" USING btree ("cid","quantity","id") WHERE ok_to_invoice and not is_closed;--> statement-breakpoint
CREATE INDEX "time_entries_cid_job_invoice_id_idx" ON "time_entries" USING btree ("cid","job_id","invoice_id","id" DESC NULLS LAST,"duration_hours");--> statement-breakpoint
CREATE INDEX "time_entries_cid_job_member_idx" ON "time_entries" USING btree ("cid","job_id","member_name","id");--> statement-breakpoint
CREATE INDEX "time_entries_cid_job_activity_idx" ON "time_entries" USING btree ("cid","job_id","activity_type","id");--> statement-breakpoint
CREATE INDEX "time_entries_cid_job_rate_desc_idx" ON "time_entries" USING btree ("cid","job_id","rate_desc","id");