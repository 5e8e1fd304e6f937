import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CHAT_LIMITS } from '../shared/schemas/chat';

const bool = (fallback: boolean | undefined) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : ['true', '1', 'yes'].includes(v)));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url({ protocol: /^https?$/ }).optional());

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalPort = z.preprocess(
  (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
  z.coerce.number().int().min(1).max(65535).optional(),
);

/** proxy-addr's names for whole ranges, as Fastify takes them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix (CIDR), or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies may say who the client is (X-Forwarded-For): none (`false`, the default), the number of proxies in
 * front of the app (`1`: one nginx), or their addresses and ranges (`10.0.0.0/8,127.0.0.1`). `true` means one hop:
 * trusting every hop would let any client choose its own address with a forged header.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = v?.trim().toLowerCase() ?? '';
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be false, the number of proxies in front of the app, or their addresses or ranges (${wrong.join(', ')} is not one)`,
    });
    return z.NEVER;
  });

/** Host names a deployment is also reached by: names only (any port), each checked, so a typo fails the start. */
const allowedHosts = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const names = (v ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean);
    const wrong = names.filter((name) => !/^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name));
    if (wrong.length === 0) return names;
    ctx.addIssue({
      code: 'custom',
      message: `must be host names, with no scheme or port (${wrong.join(', ')})`,
    });
    return z.NEVER;
  });

/** The browsers' push services: Chrome's and Edge's (FCM), Firefox's, Windows', Safari's. */
const DEFAULT_PUSH_SERVICE_HOSTS =
  'fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com';

/** A VAPID key as web-push and browsers take it: URL-safe base64 of `bytes` bytes (a P-256 point or scalar). */
const vapidKey = (bytes: number, what: string) =>
  optionalText.refine(
    (v) => v === undefined || (/^[\w-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes),
    `must be the URL-safe base64 ${what} that \`npx web-push generate-vapid-keys\` prints`,
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('.data'),
  DEMO_MODE: bool(undefined),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalUrl,
  ALLOWED_HOSTS: allowedHosts,
  CONTACT_EMAIL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.email().optional()),
  CONTACT_PHONE: optionalText,
  CAREER_PLATFORM_URL: optionalUrl,
  CHLOE_CALL_URL: optionalUrl,
  TRUST_PROXY: trustProxy,
  METRICS_PORT: optionalPort,
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_POOL_MAX: positiveInt(10),
  DATABASE_POOL_WAIT_MS: positiveInt(10_000),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt(60_000),
  SERVICE_STATUS_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(300),
  SHUTDOWN_READINESS_WAIT_SECONDS: z.coerce.number().min(0).max(12).default(5),
  MAIL_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// address' }).optional()),
  MAIL_FROM: optionalText,
  MAIL_DISABLED: bool(false),
  VAPID_PUBLIC_KEY: vapidKey(65, 'public key'),
  VAPID_PRIVATE_KEY: vapidKey(32, 'private key'),
  VAPID_SUBJECT: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : undefined))
    .pipe(z.url({ protocol: /^(https|mailto)$/, error: 'must be a mailto: or https: address' }).optional()),
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v?.trim() ? v : DEFAULT_PUSH_SERVICE_HOSTS)
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_EMBEDDING_MODEL: optionalText,
  CHLOE_MESSAGES_PER_VISITOR: positiveInt(20),
  CHLOE_MESSAGES_PER_MEMBER: positiveInt(60),
  CHLOE_REPLY_POLL_SECONDS: positiveInt(15),
  REPLY_EMAIL_DELAY_SECONDS: z.coerce.number().int().min(0).default(60),
  RATE_LIMIT_GLOBAL_PER_MINUTE: positiveInt(300),
  RATE_LIMIT_SIGNIN_PER_MINUTE: positiveInt(6),
  RATE_LIMIT_SIGNIN_PER_HOUR: positiveInt(30),
  RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR: positiveInt(100),
  RATE_LIMIT_SIGNUP_PER_HOUR: positiveInt(10),
  RATE_LIMIT_PASSWORD_RESET_PER_EMAIL_PER_HOUR: positiveInt(3),
  RATE_LIMIT_PASSWORD_RESET_PER_CALLER_PER_HOUR: positiveInt(10),
  RATE_LIMIT_CHAT_MESSAGES_PER_SECOND: positiveInt(CHAT_LIMITS.messagesPerSecond),
  QUESTION_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(120),
  REPLY_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(30),
  NEW_ACCOUNT_QUESTIONS_PER_DAY: positiveInt(3),
  NEW_ACCOUNT_REPLIES_PER_DAY: positiveInt(10),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  /** Secure, __Host- session cookie and HSTS: in production unless PUBLIC_URL is plain http. */
  secureCookies: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Demo accounts and sample content: by default only for a local trial (embedded database, no PUBLIC_URL). */
  demoMode: boolean;
  /** DEMO_MODE=true was set: demo sign-in is offered to other machines too, not only to this one. */
  demoModeExplicit: boolean;
  logLevel: string;
  publicUrl: string | undefined;
  /** The names the site answers to (plugins/allowed-hosts.ts): PUBLIC_URL's host, then ALLOWED_HOSTS. */
  allowedHosts: string[];
  contactEmail: string | undefined;
  contactPhone: string | undefined;
  careerPlatformUrl: string | undefined;
  chloeCallUrl: string | undefined;
  /** Who may say who the client is: no proxy, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  /** Prometheus metrics on their own port (`/metrics`), never through the proxy; undefined: none. */
  metrics: { port: number; host: string } | undefined;
  /** The app's connection pool and the limits every one of its connections runs under. */
  pool: { max: number; waitMs: number; statementTimeoutMs: number; idleInTransactionTimeoutMs: number };
  /** How often the leading instance probes the official services. */
  serviceStatusIntervalMs: number;
  /** On SIGTERM: how long readiness answers 503 before the instance stops taking work (the proxy looks away). */
  shutdown: { readinessWaitMs: number };
  /**
   * Outgoing email. `url` undefined: each email is written as an .eml file in `dir` (a local trial); `disabled`:
   * none is written or sent (MAIL_DISABLED=true, said on purpose).
   */
  mail: { url: string | undefined; from: string; disabled: boolean; dir: string };
  /**
   * Web push. `keys`: the VAPID key pair from the environment; undefined: one made at the first start and kept in
   * the database. `subject`: how push services reach the operator (a mailto: or https: address).
   */
  push: {
    keys: { publicKey: string; privateKey: string } | undefined;
    subject: string;
    /** The push services a subscription may name (a host or its parent domain), so no one points us elsewhere. */
    serviceHosts: string[];
  };
  /** Where the links in emails lead: PUBLIC_URL, or this machine's address. */
  linkBase: string;
  /** Chloe's model; undefined: the offline guide. */
  ai: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  /** The embedding model on the same server (AI_EMBEDDING_MODEL); undefined: lexical retrieval alone. */
  embedding: { baseUrl: string; apiKey: string | undefined; model: string } | undefined;
  chloe: { messagesPerVisitor: number; messagesPerMember: number; replyPollSeconds: number };
  rateLimits: {
    globalPerMinute: number;
    signinPerMinute: number;
    signinPerHour: number;
    failedSigninPerAccountPerHour: number;
    signupPerHour: number;
    passwordResetPerEmailPerHour: number;
    passwordResetPerCallerPerHour: number;
    /** Chat messages a person may send each second, over REST and the socket together. */
    chatMessagesPerSecond: number;
  };
  /** A person's reply is emailed this long after it is written, if still unread (whoever is on its page reads it). */
  notifications: { replyEmailDelaySeconds: number };
  /** Posting limits against spam (Discourse-like): new accounts are those under 24 hours old. */
  postingLimits: {
    questionIntervalSeconds: number;
    replyIntervalSeconds: number;
    newAccountQuestionsPerDay: number;
    newAccountRepliesPerDay: number;
  };
};

export class ConfigError extends Error {}

/**
 * Push services reach the operator through the VAPID subject: the contact address, else the public site when it is
 * https, else no-reply at its host.
 */
function pushSubject(contactEmail: string | undefined, linkBase: string): string {
  if (contactEmail) return `mailto:${contactEmail}`;
  const url = new URL(linkBase);
  return url.protocol === 'https:' ? url.origin : `mailto:no-reply@${url.hostname}`;
}

/** Parses the environment once. A wrong value names the variable and stops the start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}\nSee .env.example for every setting.`);
  }
  const e = parsed.data;
  if (e.AI_BASE_URL && !e.AI_MODEL && !e.AI_EMBEDDING_MODEL)
    throw new ConfigError(
      'Invalid configuration:\n  AI_MODEL: required when AI_BASE_URL is set\nSee .env.example for every setting.',
    );
  if (e.AI_EMBEDDING_MODEL && !e.AI_BASE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  AI_BASE_URL: required when AI_EMBEDDING_MODEL is set\nSee .env.example for every setting.',
    );
  if (e.PUBLIC_URL && !e.MAIL_URL && !e.MAIL_DISABLED)
    throw new ConfigError(
      'Invalid configuration:\n  MAIL_URL: required when PUBLIC_URL is set, so that password resets and email confirmations reach people (or set MAIL_DISABLED=true to send no email)\nSee .env.example for every setting.',
    );
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(
      `Invalid configuration:\n  ${missing}: required with the other VAPID key (set both, or neither and the app makes its own)\nSee .env.example for every setting.`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const linkBase = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    secureCookies: e.NODE_ENV === 'production' && !e.PUBLIC_URL?.startsWith('http://'),
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    // Demo data belongs with a local trial; an external database or a public address opts in.
    demoMode: e.DEMO_MODE ?? (e.DATABASE_URL === undefined && e.PUBLIC_URL === undefined),
    demoModeExplicit: e.DEMO_MODE === true,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    allowedHosts: [...(e.PUBLIC_URL ? [new URL(e.PUBLIC_URL).hostname] : []), ...e.ALLOWED_HOSTS],
    contactEmail: e.CONTACT_EMAIL,
    contactPhone: e.CONTACT_PHONE,
    careerPlatformUrl: e.CAREER_PLATFORM_URL,
    chloeCallUrl: e.CHLOE_CALL_URL,
    trustProxy: e.TRUST_PROXY,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    pool: {
      max: e.DATABASE_POOL_MAX,
      waitMs: e.DATABASE_POOL_WAIT_MS,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    serviceStatusIntervalMs: e.SERVICE_STATUS_INTERVAL_SECONDS * 1000,
    shutdown: { readinessWaitMs: e.SHUTDOWN_READINESS_WAIT_SECONDS * 1000 },
    mail: {
      url: e.MAIL_URL,
      from: e.MAIL_FROM ?? `Mentor Me <no-reply@${new URL(linkBase).hostname}>`,
      disabled: e.MAIL_DISABLED ?? false,
      dir: path.join(dataDir, 'mail'),
    },
    push: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? pushSubject(e.CONTACT_EMAIL, linkBase),
      serviceHosts: e.PUSH_SERVICE_HOSTS,
    },
    linkBase,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL }
        : undefined,
    embedding:
      e.AI_BASE_URL && e.AI_EMBEDDING_MODEL
        ? { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_EMBEDDING_MODEL }
        : undefined,
    chloe: {
      messagesPerVisitor: e.CHLOE_MESSAGES_PER_VISITOR,
      messagesPerMember: e.CHLOE_MESSAGES_PER_MEMBER,
      replyPollSeconds: e.CHLOE_REPLY_POLL_SECONDS,
    },
    rateLimits: {
      globalPerMinute: e.RATE_LIMIT_GLOBAL_PER_MINUTE,
      signinPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE,
      signinPerHour: e.RATE_LIMIT_SIGNIN_PER_HOUR,
      failedSigninPerAccountPerHour: e.RATE_LIMIT_FAILED_SIGNIN_PER_ACCOUNT_PER_HOUR,
      signupPerHour: e.RATE_LIMIT_SIGNUP_PER_HOUR,
      passwordResetPerEmailPerHour: e.RATE_LIMIT_PASSWORD_RESET_PER_EMAIL_PER_HOUR,
      passwordResetPerCallerPerHour: e.RATE_LIMIT_PASSWORD_RESET_PER_CALLER_PER_HOUR,
      chatMessagesPerSecond: e.RATE_LIMIT_CHAT_MESSAGES_PER_SECOND,
    },
    notifications: { replyEmailDelaySeconds: e.REPLY_EMAIL_DELAY_SECONDS },
    postingLimits: {
      questionIntervalSeconds: e.QUESTION_INTERVAL_SECONDS,
      replyIntervalSeconds: e.REPLY_INTERVAL_SECONDS,
      newAccountQuestionsPerDay: e.NEW_ACCOUNT_QUESTIONS_PER_DAY,
      newAccountRepliesPerDay: e.NEW_ACCOUNT_REPLIES_PER_DAY,
    },
  };
}
