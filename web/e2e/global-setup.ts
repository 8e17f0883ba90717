import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Starts the built server (as `npm start` does) on its own embedded database with the demo data. */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'server/dist/main.js');
  if (!fs.existsSync(main)) throw new Error('server/dist/main.js missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    // No SMTP_URL: mail is kept as preview and read in 'Outgoing mail'; e-mailed links point at this server.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      LOGIN_RATE_LIMIT: '100',
      // Every test signs in from 127.0.0.1; the demo accounts are seeded (embedded database).
      LOGIN_ADDRESS_LIMIT: '10000',
      // The suite creates tickets and notes as a few demo accounts far faster than a person: the e-mail
      // actions' limits are tested by the server suite (server/test/action-limits.test.ts).
      ACTION_LIMIT_SCALE: '1000',
      SEED_DEMO: 'true',
      SMTP_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/config`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
