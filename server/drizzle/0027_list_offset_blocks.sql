CREATE TABLE "ticket_id_blocks" (
	"cid" integer NOT NULL,
	"ticket_type" varchar(16) NOT NULL,
	"block" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ticket_id_blocks_cid_ticket_type_block_status_pk" PRIMARY KEY("cid","ticket_type","block","status")
);
--> statement-breakpoint
ALTER TABLE "ticket_id_blocks" ADD CONSTRAINT "ticket_id_blocks_cid_customers_id_fk" FOREIGN KEY ("cid") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written: begin
-- docs/decisions/035: the blocks' counts are kept by these triggers on every write path, in every
-- session_replication_role (ENABLE ALWAYS, as migration 0025 does for the report pre-aggregates).
INSERT INTO "ticket_id_blocks" ("cid", "ticket_type", "block", "status", "n")
SELECT "cid", "ticket_type", "id" >> 14, "status", count(*) FROM "tickets" GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;--> statement-breakpoint
ANALYZE "ticket_id_blocks";--> statement-breakpoint
CREATE FUNCTION "ticket_id_blocks_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ticket_id_blocks AS b (cid, ticket_type, block, status, n)
    SELECT cid, ticket_type, id >> 14, status, count(*) FROM block_new_tickets GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (cid, ticket_type, block, status) DO UPDATE SET n = b.n + excluded.n;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only a changed customer, type, status or id moves a ticket between counts.
    INSERT INTO ticket_id_blocks AS b (cid, ticket_type, block, status, n)
    SELECT cid, ticket_type, block, status, sum(d)
    FROM (SELECT cid, ticket_type, id >> 14 AS block, status, 1 AS d FROM block_new_tickets
          UNION ALL
          SELECT cid, ticket_type, id >> 14, status, -1 FROM block_old_tickets) x
    GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (cid, ticket_type, block, status) DO UPDATE SET n = b.n + excluded.n;
  ELSE
    INSERT INTO ticket_id_blocks AS b (cid, ticket_type, block, status, n)
    SELECT cid, ticket_type, id >> 14, status, -count(*) FROM block_old_tickets GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (cid, ticket_type, block, status) DO UPDATE SET n = b.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tickets_id_blocks_insert" AFTER INSERT ON "tickets" REFERENCING NEW TABLE AS block_new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_id_blocks_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_id_blocks_update" AFTER UPDATE ON "tickets" REFERENCING OLD TABLE AS block_old_tickets NEW TABLE AS block_new_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_id_blocks_apply"();--> statement-breakpoint
CREATE TRIGGER "tickets_id_blocks_delete" AFTER DELETE ON "tickets" REFERENCING OLD TABLE AS block_old_tickets
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_id_blocks_apply"();--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ALWAYS TRIGGER "tickets_id_blocks_insert";--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ALWAYS TRIGGER "tickets_id_blocks_update";--> statement-breakpoint
ALTER TABLE "tickets" ENABLE ALWAYS TRIGGER "tickets_id_blocks_delete";
-- hand-written: end
