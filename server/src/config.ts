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
  /** docs/requirements.md §18.3: request limits. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(262_144),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  ATTACHMENTS_DIR: z.string().optional(),
  ATTACHMENT_QUOTA_MB: z.coerce.number().min(0).default(1024),
  CHAT_URL: z.string().optional(),
  REMOTE_CONTROL_URL: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  /** Stored files (ticket attachments): never inside pgliteDir. */
  attachmentsDir: string;
  limits: {
    /** Largest JSON body of an ordinary route (uploads have their own limit). */
    bodyLimitBytes: number;
    /** Whole request, idle connection and keep-alive timeouts (Fastify/Node); 0 turns one off. */
    requestTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** PostgreSQL statement_timeout of every pooled connection; 0 turns it off. */
    statementTimeoutMs: number;
    /** Total size of one customer's attachments; 0 means no quota. */
    attachmentQuotaBytes: number;
  };
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
    attachmentsDir: path.resolve(e.ATTACHMENTS_DIR ?? './attachments'),
    limits: {
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
      attachmentQuotaBytes: Math.round(e.ATTACHMENT_QUOTA_MB * 1024 * 1024),
    },
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
  };
}

/** A config for tests: defaults, no listening port, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: './.vitest-tmp', ATTACHMENTS_DIR: './.vitest-tmp/attachments', PUBLIC_URL: 'http://portal.test' }), ...overrides };
}
