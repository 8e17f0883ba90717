import os from 'node:os';
import net from 'node:net';
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
  LOGIN_ADDRESS_LIMIT: z.coerce.number().int().positive().default(60),
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).default(20),
  ACTION_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  RETRIEVE_ANSWER_MS: z.coerce.number().int().min(0).max(10_000).default(400),
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_UNKNOWN_BUDGET: z.coerce.number().int().min(0).default(60),
  TRUST_PROXY: z.string().default('false'),
  NODE_ENV: z.string().optional(),
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
  /** Connections of each server process; default: defaultPoolSize. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  /** Set by the cluster's primary for its workers (main.ts): how many server processes share the machine. */
  SC_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  ATTACHMENTS_DIR: z.string().optional(),
  ATTACHMENT_QUOTA_MB: z.coerce.number().min(0).default(1024),
  /** Attachments in an S3-compatible bucket instead of ATTACHMENTS_DIR (decision 029). */
  S3_BUCKET: z.string().optional(),
  /** Another S3-compatible service than AWS, e.g. http://minio:9000. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most self-hosted services want. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
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
type ReportEmbed = z.infer<typeof ZReportEmbedSchema>;
const ZReportEmbedsSchema = z.record(z.string(), ZReportEmbedSchema);

/** An S3-compatible bucket for attachments. Without keys the SDK's default chain applies (environment, instance role). */
export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  /** Stored files (ticket attachments): never inside pgliteDir. */
  attachmentsDir: string;
  /** Set: attachments live in this bucket, not in attachmentsDir. */
  s3: S3Config | undefined;
  limits: {
    /** Largest JSON body of an ordinary route (uploads have their own limit). */
    bodyLimitBytes: number;
    /** Whole request, idle connection and keep-alive timeouts (Fastify/Node); 0 turns one off. */
    requestTimeoutMs: number;
    connectionTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** PostgreSQL statement_timeout of every pooled connection; 0 turns it off. */
    statementTimeoutMs: number;
    /** PostgreSQL connections of one server process (each cluster worker has its own pool). */
    databasePoolSize: number;
    /** Total size of one customer's attachments; 0 means no quota. */
    attachmentQuotaBytes: number;
  };
  session: { idleMinutes: number; absoluteHours: number; cookieSecure: 'true' | 'false' | 'auto' };
  /** Sign-in attempts per minute per client address and e-mail. */
  /** Multiplies the limits of the actions that send e-mail (MAIL_ACTION_LIMITS); tests raise it. */
  actionLimitScale: number;
  /** The forgotten-password form answers after this long, whether or not the address has an account. */
  retrieveAnswerMs: number;
  loginRateLimit: number;
  /** Sign-in limits of requirements §19.2 (auth/throttle.ts). */
  login: { addressLimit: number; freeFailures: number; accountFreeFailures: number; maxDelaySeconds: number; unknownBudget: number };
  /** Fastify trustProxy: false, a hop count, or the proxies' addresses/CIDRs. Never blanket true. */
  trustProxy: false | number | string[];
  production: boolean;
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

/**
 * The PostgreSQL connections of one server process when DATABASE_POOL_SIZE is not set (requirements §17.6a):
 * (2 × cores) + 1 for the whole machine, the PostgreSQL wiki's rule for a database on these cores, shared by
 * its server processes, and at least 3 each so that one long report leaves the lists a connection. Two
 * cores: 5 for one process, 3 for each of two. More connections than cores only queue inside PostgreSQL,
 * where the server processes' own work then waits for a core too (on the two-core bench, 10 connections a
 * process: event-loop delay p99 40–62 ms; 2–3: 10–22 ms).
 */
export function defaultPoolSize(cores: number, processes: number): number {
  return Math.max(3, Math.ceil((2 * cores + 1) / processes));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = ZEnvSchema.parse(env);
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    attachmentsDir: path.resolve(e.ATTACHMENTS_DIR ?? './attachments'),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    limits: {
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: e.CONNECTION_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
      databasePoolSize: e.DATABASE_POOL_SIZE ?? defaultPoolSize(os.availableParallelism(), e.SC_WORKERS ?? 1),
      attachmentQuotaBytes: Math.round(e.ATTACHMENT_QUOTA_MB * 1024 * 1024),
    },
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS, cookieSecure: e.COOKIE_SECURE },
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    retrieveAnswerMs: e.RETRIEVE_ANSWER_MS,
    actionLimitScale: e.ACTION_LIMIT_SCALE,
    login: {
      addressLimit: e.LOGIN_ADDRESS_LIMIT,
      freeFailures: e.LOGIN_FREE_FAILURES,
      accountFreeFailures: e.LOGIN_ACCOUNT_FREE_FAILURES,
      maxDelaySeconds: e.LOGIN_MAX_DELAY_SECONDS,
      unknownBudget: e.LOGIN_UNKNOWN_BUDGET,
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    production: e.NODE_ENV === 'production',
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

/**
 * TRUST_PROXY: `false` (default), a hop count (`1`: one reverse proxy in front), or a comma-separated
 * list of the proxies' addresses or CIDRs. `true` would trust every hop, so a client could choose its
 * own address (X-Forwarded-For) and escape every per-address limit: refused.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would trust every X-Forwarded-For hop, so any client could pick its own address. ' +
        'Set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    );
  }
  if (/^\d+$/.test(v)) return Number(v);
  const list = v.split(',').map((x) => x.trim()).filter(Boolean);
  for (const item of list) {
    const [addr = '', bits, extra] = item.split('/');
    const family = net.isIP(addr);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !bitsOk || extra !== undefined) {
      throw new Error(`TRUST_PROXY: '${item}' is neither a hop count nor an IP address or CIDR (e.g. 1, or 10.0.0.5,10.1.0.0/16)`);
    }
  }
  return list;
}

/**
 * Known-weak settings in production (NODE_ENV=production), each a sentence saying what to change; main.ts
 * refuses to start while there is one (requirements §19.1).
 */
export function weakProductionSettings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const https = config.publicUrl.startsWith('https:');
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL is not set: e-mailed links would point at http://localhost. Set it to the address people use.');
  if (https && config.session.cookieSecure === 'false') {
    problems.push('COOKIE_SECURE=false while PUBLIC_URL is https: the session cookie would also travel over plain HTTP. Set COOKIE_SECURE=true (or auto).');
  }
  if (https && config.session.cookieSecure === 'auto' && config.trustProxy === false) {
    problems.push(
      'PUBLIC_URL is https but the server itself speaks HTTP and TRUST_PROXY is off, so COOKIE_SECURE=auto would never mark the cookie Secure. ' +
        'Set COOKIE_SECURE=true, or TRUST_PROXY to the proxy that terminates TLS.',
    );
  }
  if (config.seedDemo === 'true') problems.push('SEED_DEMO=true seeds demo accounts whose password is published in the README. Remove it.');
  return problems;
}

/** A config for tests: defaults, no listening port, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // Every test signs in from 127.0.0.1, many times a minute: the sign-in limits are the tests' own to set.
  const env = { LOG_LEVEL: 'silent', DATA_DIR: './.vitest-tmp', ATTACHMENTS_DIR: './.vitest-tmp/attachments', PUBLIC_URL: 'http://portal.test', LOGIN_ADDRESS_LIMIT: '100000', LOGIN_FREE_FAILURES: '1000', LOGIN_ACCOUNT_FREE_FAILURES: '1000', RETRIEVE_ANSWER_MS: '0', ACTION_LIMIT_SCALE: '1000' };
  return { ...loadConfig(env), ...overrides };
}
