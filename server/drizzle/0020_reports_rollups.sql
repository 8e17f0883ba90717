CREATE TABLE "report_open_counts" (
	"cid" integer NOT NULL,
	"ticket_type" varchar(16) NOT NULL,
	"site_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"subclass_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_open_counts_cid_ticket_type_site_id_class_id_subclass_id_pk" PRIMARY KEY("cid","ticket_type","site_id","class_id","subclass_id")
);
--> statement-breakpoint
DROP INDEX "tickets_report_opened_idx";--> statement-breakpoint
DROP INDEX "survey_invitations_cid_created_idx";--> statement-breakpoint
DROP INDEX "surveys_cid_date_id_idx";--> statement-breakpoint
DROP INDEX "surveys_cid_source_idx";--> statement-breakpoint
DROP INDEX "surveys_cid_assigned_to_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_open_counts" ADD CONSTRAINT "report_open_counts_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_report_opened_idx" ON "tickets" USING btree ("cid","ticket_type","open_date","site_id","class_id","subclass_id","priority_id","department_id","severity_short","device_id","first_response_at");--> statement-breakpoint
CREATE INDEX "survey_invitations_cid_created_idx" ON "survey_invitations" USING btree ("cid","created_at","answered_at");--> statement-breakpoint
CREATE INDEX "surveys_cid_date_id_idx" ON "surveys" USING btree ("cid","date_submitted","id","response");--> statement-breakpoint
CREATE INDEX "surveys_cid_source_idx" ON "surveys" USING btree ("cid","source","id","response");--> statement-breakpoint
CREATE INDEX "surveys_cid_assigned_to_idx" ON "surveys" USING btree ("cid","assigned_to","id","response");--> statement-breakpoint
-- hand-written: begin
-- docs/decisions/026: pre-aggregation for the reports, kept in the same transaction as every write by
-- statement-level triggers (transition tables: one set-based statement per write statement, so the seed's
-- bulk inserts and the bench's tenant merge keep them right too).
--
-- 1. tickets.first_response_at = the earliest note by provider staff (ticket_actions.start_date, staff_id set).
UPDATE "tickets" t SET "first_response_at" = f.first_at
FROM (SELECT a."ticket_id", min(a."start_date") AS first_at FROM "ticket_actions" a WHERE a."staff_id" IS NOT NULL GROUP BY a."ticket_id") f
WHERE t."id" = f."ticket_id";--> statement-breakpoint
CREATE FUNCTION "report_first_response_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tickets t SET first_response_at = f.first_at
  FROM (SELECT n.ticket_id, min(n.start_date) AS first_at FROM report_new_actions n WHERE n.staff_id IS NOT NULL GROUP BY n.ticket_id) f
  WHERE t.id = f.ticket_id AND (t.first_response_at IS NULL OR t.first_response_at > f.first_at);
  RETURN NULL;
END $$;--> statement-breakpoint
-- An edited or deleted note: the affected tickets' first response is looked up again.
CREATE FUNCTION "report_first_response_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE tickets t SET first_response_at = f.first_at
    FROM (SELECT x.ticket_id, (SELECT min(a.start_date) FROM ticket_actions a WHERE a.cid = x.cid AND a.ticket_id = x.ticket_id AND a.staff_id IS NOT NULL) AS first_at
          FROM (SELECT cid, ticket_id FROM report_old_actions UNION SELECT cid, ticket_id FROM report_new_actions) x) f
    WHERE t.id = f.ticket_id AND t.first_response_at IS DISTINCT FROM f.first_at;
  ELSE
    UPDATE tickets t SET first_response_at = f.first_at
    FROM (SELECT x.ticket_id, (SELECT min(a.start_date) FROM ticket_actions a WHERE a.cid = x.cid AND a.ticket_id = x.ticket_id AND a.staff_id IS NOT NULL) AS first_at
          FROM (SELECT DISTINCT cid, ticket_id FROM report_old_actions WHERE staff_id IS NOT NULL) x) f
    WHERE t.id = f.ticket_id AND t.first_response_at IS DISTINCT FROM f.first_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ticket_actions_report_insert" AFTER INSERT ON "ticket_actions" REFERENCING NEW TABLE AS report_new_actions
  FOR EACH STATEMENT EXECUTE FUNCTION "report_first_response_insert"();--> statement-breakpoint
CREATE TRIGGER "ticket_actions_report_update" AFTER UPDATE ON "ticket_actions" REFERENCING OLD TABLE AS report_old_actions NEW TABLE AS report_new_actions
  FOR EACH STATEMENT EXECUTE FUNCTION "report_first_response_recompute"();--> statement-breakpoint
CREATE TRIGGER "ticket_actions_report_delete" AFTER DELETE ON "ticket_actions" REFERENCING OLD TABLE AS report_old_actions
  FOR EACH STATEMENT EXECUTE FUNCTION "report_first_response_recompute"();--> statement-breakpoint
--
-- 2. report_open_counts: tickets not Closed per (cid, type, site, class, subclass), 0 for none.
INSERT INTO "report_open_counts" ("cid", "ticket_type", "site_id", "class_id", "subclass_id", "n")
SELECT "cid", "ticket_type", coalesce("site_id", 0), coalesce("class_id", 0), coalesce("subclass_id", 0), count(*)
FROM "tickets" WHERE "status" <> 'Closed' GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
-- One function for the three kinds of write: +1 for each new open row, -1 for each old one, summed per key;
-- keys are written in order (a stable lock order between concurrent writers).
CREATE FUNCTION "report_open_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO report_open_counts AS r (cid, ticket_type, site_id, class_id, subclass_id, n)
    SELECT cid, ticket_type, coalesce(site_id, 0), coalesce(class_id, 0), coalesce(subclass_id, 0), count(*)
    FROM report_new_tickets WHERE status <> 'Closed' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (cid, ticket_type, site_id, class_id, subclass_id) DO UPDATE SET n = r.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO report_open_counts AS r (cid, ticket_type, site_id, class_id, subclass_id, n)
    SELECT cid, ticket_type, site_id, class_id, subclass_id, sum(d)
    FROM (SELECT cid, ticket_type, coalesce(site_id, 0) AS site_id, coalesce(class_id, 0) AS class_id, coalesce(subclass_id, 0) AS subclass_id, 1 AS d
          FROM report_new_tickets WHERE status <> 'Closed'
          UNION ALL
          SELECT cid, ticket_type, coalesce(site_id, 0), coalesce(class_id, 0), coalesce(subclass_id, 0), -1
          FROM report_old_tickets WHERE status <> 'Closed') x
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (cid, ticket_type, site_id, class_id, subclass_id) DO UPDATE SET n = r.n + excluded.n;
  ELSE
    INSERT INTO report_open_counts AS r (cid, ticket_type, site_id, class_id, subclass_id, n)
    SELECT cid, ticket_type, coalesce(site_id, 0), coalesce(class_id, 0), coalesce(subclass_id, 0), -count(*)
    FROM report_old_tickets WHERE status <> 'Closed' GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (cid, ticket_type, site_id, class_id, subclass_id) DO UPDATE SET n = r.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tickets_report_open_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS report_new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION "report_open_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_report_open_update" AFTER UPDATE ON "tickets" REFERENCING OLD TABLE AS report_old_tickets NEW TABLE AS report_new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION "report_open_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_report_open_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS report_old_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION "report_open_counts_apply"();
-- hand-written: end
