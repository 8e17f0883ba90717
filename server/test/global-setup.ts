import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of the migrated, demo-seeded database, cloned per test file. */
    pgliteDump: string;
    /** PostgreSQL (DATABASE_URL set): the template database cloned per test file. */
    pgTemplate: string;
  }
}

const TMP = path.resolve(import.meta.dirname, '../../.vitest-tmp');

/**
 * Migrates and seeds one template database for the whole run; each test file clones it, so
 * files run in parallel on their own copy of the demo data.
 */
export default async function setup(project: TestProject) {
  fs.mkdirSync(TMP, { recursive: true });
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `portal_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const d = openPostgres(target.toString(), 2);
    await d.migrate();
    await seedDemo(d.db);
    await d.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const d = await openPglite(undefined);
  await d.migrate();
  await seedDemo(d.db);
  const dump = await d.pglite!.dumpDataDir('gzip');
  const file = path.join(TMP, `template-${process.pid}.tar.gz`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await d.close();
  project.provide('pgliteDump', file);
  project.provide('pgTemplate', '');
  return () => fs.rmSync(file, { force: true });
}
