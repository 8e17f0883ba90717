-- hand-written: begin
-- docs/decisions/026: the report pre-aggregates are kept by these triggers on every write path. A bulk
-- load under session_replication_role = replica (the scale seed, to skip foreign-key checks) turned them
-- off too and left the pre-aggregates wrong: they now fire in every role.
ALTER TABLE "tickets" ENABLE ALWAYS TRIGGER "tickets_report_open_insert";--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ALWAYS TRIGGER "tickets_report_open_update";--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ALWAYS TRIGGER "tickets_report_open_delete";--> statement-breakpoint
ALTER TABLE "ticket_actions" ENABLE ALWAYS TRIGGER "ticket_actions_report_insert";--> statement-breakpoint
ALTER TABLE "ticket_actions" ENABLE ALWAYS TRIGGER "ticket_actions_report_update";--> statement-breakpoint
ALTER TABLE "ticket_actions" ENABLE ALWAYS TRIGGER "ticket_actions_report_delete";
-- hand-written: end
