import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/ids.ts';
import { openTestDatabase } from './helpers.ts';

// Citus distribution by customer id (docs/scaling.md, issue 18 item 4): every tenant table carries
// cid, and a unique index of a distributed table must include the distribution column. Read from the
// migrated schema (information_schema / pg_index), so a new table or index is checked as it lands.
//
// GLOBAL_TABLES: provider-wide tables without a customer (reference tables under Citus).
// KNOWN_UNIQUE_WITHOUT_CID: today's unique indexes that lack cid (serial primary keys, global unique
// numbers and e-mail addresses). They are the documented work before a Citus distribution
// (docs/scaling.md 'Citus'); the list only shrinks: a NEW unique index without cid fails this test.

const GLOBAL_TABLES = new Set([
  'app_secrets',
  'customers',
  'forms',
  // Form definitions' versions: provider-wide like forms (a form's cid only limits who may use it).
  'form_versions',
  // Sign-in delays, keyed by the e-mail typed: read before the caller's customer is known (requirements §19.2).
  'login_delays',
  'provider_staff',
  'rate_limits',
  'ticket_classes',
  'ticket_priorities',
  'ticket_severities',
  'ticket_subclasses',
  '__drizzle_migrations',
]);

const KNOWN_UNIQUE_WITHOUT_CID = new Set([
  'audit_log_pkey', 'balance_transactions_pkey', 'banner_messages_pkey', 'chat_sessions_pkey', 'contacts_pkey',
  'customer_email_domains_pkey', 'departments_pkey', 'devices_pkey', 'email_outbox_pkey', 'email_preferences_pkey',
  'form_submissions_pkey', 'invitations_pkey', 'invoice_lines_pkey', 'job_products_pkey', 'jobs_pkey',
  'managed_services_pkey', 'one_time_tokens_pkey', 'one_time_tokens_hash_uq', 'sessions_pkey', 'sites_pkey',
  'surveys_pkey', 'ticket_actions_pkey', 'ticket_attachments_storage_key_uq', 'ticket_attachments_pkey', 'tickets_pkey',
  'tickets_ticket_no_uq', 'time_entries_pkey', 'user_preferences_pkey', 'web_users_email_uq', 'web_users_pkey',
  'web_users_contact_uq',
  // Landed together from parallel branches (issues 15-17), documented in docs/scaling.md 'Citus':
  // api_keys are found by their hash before the customer is known (like sessions); forms are a reference
  // table whose cid limits availability; a survey invitation is unique per ticket (ON CONFLICT (ticket_id)).
  'api_keys_key_hash_uq', 'api_keys_pkey', 'forms_kapp_slug_uq', 'forms_pkey', 'survey_invitations_pkey',
  'survey_invitations_ticket_uq', 'surveys_invitation_uq',
]);

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('tenant keys (Citus distribution by cid)', () => {
  it('every table but the listed global ones has a cid column', async () => {
    const res = await database.db.execute(sql`
      select t.table_name as name from information_schema.tables t
      where t.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and not exists (select 1 from information_schema.columns c
                        where c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'cid')
      order by 1`);
    const without = rowsOf<{ name: string }>(res).map((r) => r.name);
    expect(without.length).toBeGreaterThan(0); // the global tables: the query reads the real schema
    expect(without.filter((t) => !GLOBAL_TABLES.has(t))).toEqual([]);
  });

  it('no unique index of a tenant table lacks cid beyond the known, documented ones', async () => {
    const res = await database.db.execute(sql`
      select i.relname as name from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class t on t.oid = x.indrelid
        join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and x.indisunique
        and exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'cid')
        and not exists (select 1 from pg_attribute a where a.attrelid = t.oid and a.attname = 'cid' and a.attnum = any(x.indkey))
      order by 1`);
    const names = rowsOf<{ name: string }>(res).map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((n) => !KNOWN_UNIQUE_WITHOUT_CID.has(n))).toEqual([]);
  });
});
