import path from 'node:path';
import { envSchema } from './config-env';

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
