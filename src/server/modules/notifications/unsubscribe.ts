import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  NOTIFICATION_TYPES,
  UNSUBSCRIBE_SCOPES,
  type UnsubscribeScope,
} from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { errors } from '../../errors';
import { cachedSetting } from './app-settings';
import { updatePreferences } from './preferences';

const MAC_BYTES = 32;
/** A token names a uuid and a type: about 120 characters. */
const MAX_TOKEN_CHARS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The links' key: 256 random bits made once and kept in app_settings, so a link works on every instance. */
export const unsubscribeSecret = cachedSetting('unsubscribe-secret', () =>
  randomBytes(32).toString('base64url'),
);

const mac = (secret: string, payload: Buffer) =>
  createHmac('sha256', Buffer.from(secret, 'base64url')).update(payload).digest();

/**
 * A link's token: the HMAC-SHA256 of `userId:scope`, then `userId:scope` itself, in base64url. Nothing is stored
 * per link: a link in an old email keeps working (RFC 8058 asks that of one-click links), and only this server can
 * make one.
 */
export function unsubscribeToken(secret: string, userId: string, scope: UnsubscribeScope): string {
  const payload = Buffer.from(`${userId}:${scope}`);
  return Buffer.concat([mac(secret, payload), payload]).toString('base64url');
}

/** Whom and what a token names, or undefined for one this server did not make. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; scope: UnsubscribeScope } | undefined {
  if (token.length > MAX_TOKEN_CHARS || !/^[\w-]+$/.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length <= MAC_BYTES) return undefined;
  const payload = bytes.subarray(MAC_BYTES);
  // Constant time: how far a guess matches must not show in how long the answer takes.
  if (!timingSafeEqual(bytes.subarray(0, MAC_BYTES), mac(secret, payload))) return undefined;
  const text = payload.toString('utf8');
  const colon = text.indexOf(':');
  const userId = text.slice(0, colon);
  const scope = text.slice(colon + 1);
  if (!UUID.test(userId) || !(UNSUBSCRIBE_SCOPES as readonly string[]).includes(scope)) return undefined;
  return { userId, scope: scope as UnsubscribeScope };
}

/** The two ways a notification email offers: the API for mail programs' one-click, the app's page for people. */
export function unsubscribeLinks(linkBase: string, token: string): { oneClick: string; page: string } {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    oneClick: `${linkBase}/api/notifications/unsubscribe${query}`,
    page: `${linkBase}/unsubscribe${query}`,
  };
}

/**
 * Turns email off for what the token names, without signing in. Using a link twice, or one of an account since
 * deleted, changes nothing and still answers what it stops.
 */
export async function unsubscribe(db: Database, token: string | undefined): Promise<UnsubscribeScope> {
  const read = token ? readUnsubscribeToken(await unsubscribeSecret(db), token) : undefined;
  if (!read) throw errors.unsubscribeTokenInvalid();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, read.userId));
  if (user) {
    const types = read.scope === 'all' ? NOTIFICATION_TYPES : [read.scope];
    await updatePreferences(db, user.id, {
      types: Object.fromEntries(types.map((type) => [type, { email: false }])),
    });
  }
  return read.scope;
}
