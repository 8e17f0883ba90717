import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// The public pages' end-to-end tests need real delivery: a server instance of their own with
// SMTP_URL pointing at a real SMTP server (smtp-server) that keeps what it receives.

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

export interface Mailbox {
  url: string;
  /** Every message received so far to `address`. */
  to(address: string): ParsedMail[];
  /** The next message to `address` beyond the `seen` already received. */
  next(address: string, seen: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const recipients = (m: ParsedMail): string[] =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

export async function startMailbox(): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  let arrived: () => void = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          messages.push(m);
          arrived();
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  const to = (address: string) => messages.filter((m) => recipients(m).includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    to,
    async next(address, seen) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const list = to(address);
        if (list.length > seen) return list[seen]!;
        if (Date.now() > deadline) throw new Error(`no new mail to ${address} within 30 s (${list.length} before)`);
        await new Promise<void>((resolve) => {
          arrived = resolve;
          setTimeout(resolve, 500);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The built server on its own embedded database with the demo data, sending mail to `smtpUrl`. */
export async function startServer(smtpUrl: string): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const main = path.join(root, 'server/dist/main.js');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-e2e-public-'));
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', LOGIN_RATE_LIMIT: '100', LOGIN_ADDRESS_LIMIT: '10000', SEED_DEMO: 'true', SMTP_URL: smtpUrl, PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/config`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first link of a message whose address contains `part` (from the text body, where it is plain). */
export function linkIn(m: ParsedMail, part: string): string {
  const links = (m.text ?? '').match(/https?:\/\/[^\s<>)\]"]+/g) ?? [];
  const found = links.find((l) => l.includes(part));
  if (!found) throw new Error(`no link with ${part} in: ${m.text}`);
  return found;
}
