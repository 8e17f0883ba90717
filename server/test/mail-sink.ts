import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server for tests (smtp-server) that keeps what it accepts, parsed by mailparser. */
export interface MailSink {
  url: string;
  messages: ParsedMail[];
  /** While set, every RCPT TO is refused with this SMTP answer (e.g. '421 Try again later'). */
  refuse(answer: { code: number; message: string } | null): void;
  /** Resolves when a message to `to` has arrived. */
  waitFor(to: string): Promise<ParsedMail>;
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

const addressesOf = (m: ParsedMail): string[] =>
  (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

export async function startMailSink(): Promise<MailSink> {
  const messages: ParsedMail[] = [];
  const waiters: { to: string; resolve: (m: ParsedMail) => void }[] = [];
  let refusal: { code: number; message: string } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onRcptTo(_address, _session, cb) {
      if (refusal) return cb(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => {
          messages.push(m);
          for (const w of waiters.splice(0)) {
            if (addressesOf(m).includes(w.to)) w.resolve(m);
            else waiters.push(w);
          }
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: (a) => {
      refusal = a;
    },
    to: (address) => messages.filter((m) => addressesOf(m).includes(address.toLowerCase())),
    waitFor: (to) => {
      const found = messages.find((m) => addressesOf(m).includes(to.toLowerCase()));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ to: to.toLowerCase(), resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
