-- hand-written: begin
-- docs/decisions/026: an edited, moved or deleted note recomputes its ticket's first response. 0020 looked
-- the first staff note up per (cid, ticket_id) of the old and the new notes, so a note moved to another
-- customer (with its ticket) gave two candidate rows for one ticket, the old customer's finding nothing,
-- and the UPDATE could take that NULL. Now one row per ticket, looked up under the ticket's own cid.
CREATE OR REPLACE FUNCTION "report_first_response_recompute"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE tickets t SET first_response_at = f.first_at
    FROM (SELECT x.ticket_id,
                 (SELECT min(a.start_date) FROM tickets tt JOIN ticket_actions a ON a.cid = tt.cid AND a.ticket_id = tt.id
                  WHERE tt.id = x.ticket_id AND a.staff_id IS NOT NULL) AS first_at
          FROM (SELECT ticket_id FROM report_old_actions UNION SELECT ticket_id FROM report_new_actions) x) f
    WHERE t.id = f.ticket_id AND t.first_response_at IS DISTINCT FROM f.first_at;
  ELSE
    UPDATE tickets t SET first_response_at = f.first_at
    FROM (SELECT x.ticket_id,
                 (SELECT min(a.start_date) FROM tickets tt JOIN ticket_actions a ON a.cid = tt.cid AND a.ticket_id = tt.id
                  WHERE tt.id = x.ticket_id AND a.staff_id IS NOT NULL) AS first_at
          FROM (SELECT DISTINCT ticket_id FROM report_old_actions WHERE staff_id IS NOT NULL) x) f
    WHERE t.id = f.ticket_id AND t.first_response_at IS DISTINCT FROM f.first_at;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Repair what the old function may have left (only rows that differ are written).
UPDATE "tickets" t SET "first_response_at" = f.first_at
FROM (SELECT tt."id" AS ticket_id, min(a."start_date") FILTER (WHERE a."staff_id" IS NOT NULL) AS first_at
      FROM "tickets" tt LEFT JOIN "ticket_actions" a ON a."cid" = tt."cid" AND a."ticket_id" = tt."id"
      GROUP BY tt."id") f
WHERE t."id" = f.ticket_id AND t."first_response_at" IS DISTINCT FROM f.first_at;
-- hand-written: end
