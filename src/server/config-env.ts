/** The settings the app reads from the environment (.env.example lists them), as one zod schema. */
import { isIP } from 'node:net';
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

/** The environment's settings, each checked and given its default; .env.example says what each does. */
export const envSchema = z.object({
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
