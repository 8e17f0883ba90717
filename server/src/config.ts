import path from 'node:path';
import { z } from 'zod';

/** Every setting comes from the environment; the README lists them. */
const ZEnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  COOKIE_SECURE: z.enum(['true', 'false', 'auto']).default('auto'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  PROVIDER_NAME: z.string().default('Northwind Managed Services'),
  PROVIDER_WEBSITE: z.string().url().default('https://www.example.com'),
  SEED_DEMO: z.enum(['auto', 'true', 'false']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Support Center <support@example.com>'),
  /** Base of every link in an e-mail; default http://localhost:{PORT}. Never taken from a request. */
  PUBLIC_URL: z.string().url().optional(),
  /** Key of signed links (e-mail preferences); generated and kept in the database when unset. */
  APP_SECRET: z.string().min(32).optional(),
  CHAT_URL: z.string().optional(),
  REMOTE_CONTROL_URL: z.string().optional(),
  /** requirements §13.6: reports shown from an external BI provider instead of natively (JSON, see README). */
  REPORT_EMBEDS: z.string().optional(),
  /** The provider's embed-token API; GET {url}/{reportKey}. */
  REPORT_EMBED_TOKEN_URL: z.string().url().optional(),
  /** Sent to the embed-token API only (Authorization: Bearer); never to a browser. */
  REPORT_EMBED_SECRET: z.string().optional(),
});

/** One external report: the page the browser frames, the provider's id of the report, its dataset. */
const ZReportEmbedSchema = z.object({ embedUrl: z.string().url(), reportKey: z.string().min(1), dataset: z.string().optional() });
export type ReportEmbed = z.infer<typeof ZReportEmbedSchema>;
const ZReportEmbedsSchema = z.record(z.string(), ZReportEmbedSchema);

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: 'true' | 'false' | 'auto' };
  loginRateLimit: number;
  provider: { name: string; website: string };
  seedDemo: 'auto' | 'true' | 'false';
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Origin (and optional path prefix) of the portal as e-mail recipients reach it, without a trailing slash. */
  publicUrl: string;
  /** HMAC key of signed links; buildApp fills it from the database (app_secrets) when APP_SECRET is unset. */
  appSecret: string | undefined;
  chatUrl: string | undefined;
  remoteControlUrl: string | undefined;
  /** requirements §13.6: report id → external embed; empty = every report native. */
  reportEmbeds: Record<string, ReportEmbed>;
  reportEmbedTokenUrl: string | undefined;
  reportEmbedSecret: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = ZEnvSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS, cookieSecure: e.COOKIE_SECURE },
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    provider: { name: e.PROVIDER_NAME, website: e.PROVIDER_WEBSITE },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL || `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    appSecret: e.APP_SECRET || undefined,
    chatUrl: e.CHAT_URL,
    remoteControlUrl: e.REMOTE_CONTROL_URL,
    reportEmbeds: e.REPORT_EMBEDS ? ZReportEmbedsSchema.parse(JSON.parse(e.REPORT_EMBEDS)) : {},
    reportEmbedTokenUrl: e.REPORT_EMBED_TOKEN_URL,
    reportEmbedSecret: e.REPORT_EMBED_SECRET,
  };
}

/** A config for tests: defaults, no listening port, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: './.vitest-tmp', PUBLIC_URL: 'http://portal.test' }), ...overrides };
}
