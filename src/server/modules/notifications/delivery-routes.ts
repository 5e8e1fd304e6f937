import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, okSchema } from '../../../shared/schemas/common';
import {
  pushKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  unsubscribeResponseSchema,
} from '../../../shared/schemas/notifications';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { errors } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { vapidKeys } from './push';
import { pushEndpoint } from './push-endpoint';
import { unsubscribe } from './unsubscribe';

/** Browsers a person receives pushes on; a newer subscription pushes out the oldest. */
const MAX_SUBSCRIPTIONS = 10;
/** A form a mail program posts (`List-Unsubscribe=One-Click`) is a few bytes. */
const FORM_BODY_LIMIT = 4_096;

const tokenField = z.object({ token: z.string().optional() });

/** A P-256 public key as browsers give it (65 bytes, uncompressed), and the 16-byte auth secret. */
function validKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  return (
    /^[\w-]+=*$/.test(keys.p256dh) &&
    /^[\w-]+=*$/.test(keys.auth) &&
    point.length === 65 &&
    point[0] === 4 &&
    Buffer.from(keys.auth, 'base64url').length === 16
  );
}

/** Push subscriptions and their key, and the one-click unsubscribe of notification emails. */
export const notificationDeliveryRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
}> = async (app, opts) => {
  const { db, config } = opts;

  // RFC 8058: a mail program posts `List-Unsubscribe=One-Click` as a form, urlencoded or multipart. The token is in
  // the address, so a multipart body is read (within its small limit) and not parsed.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, _body, done) => done(null, {}),
  );

  app.get(
    '/api/notifications/push-key',
    { schema: { tags: ['notifications'], response: { 200: pushKeyResponseSchema } } },
    async () => ({ publicKey: (await vapidKeys(db, config)).publicKey }),
  );

  app.post(
    '/api/notifications/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        body: pushSubscriptionSchema,
        response: { 201: okSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { keys } = request.body;
      // Only a well-formed key pair can be encrypted to, and only a browser's push service may be posted to (never
      // an address of our own network).
      const endpoint = pushEndpoint(request.body.endpoint, config.push.serviceHosts);
      if (!endpoint || !validKeys(keys)) throw errors.validation();
      const values = {
        userId: user.id,
        // Kept for as long as this sign-in lasts: signing out on a shared phone stops its alerts.
        sessionId: request.sessionId!,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      };
      await db.transaction(async (tx) => {
        // An endpoint is one browser: signing in there as someone else (or again) makes its pushes theirs.
        await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...values, createdAt: sql`now()`, lastSuccessAt: null },
          });
        await tx.execute(sql`
          delete from push_subscriptions where user_id = ${user.id} and id not in (
            select id from push_subscriptions where user_id = ${user.id}
            order by created_at desc limit ${MAX_SUBSCRIPTIONS})`);
      });
      return reply.code(201).send({ ok: true as const });
    },
  );

  app.delete(
    '/api/notifications/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        body: pushUnsubscribeSchema,
        response: { 200: okSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { endpoint } = request.body;
      // Stored as the push check spells it; a browser may give it as it first did.
      const spellings = [endpoint, pushEndpoint(endpoint, config.push.serviceHosts) ?? endpoint];
      await db
        .delete(pushSubscriptions)
        .where(and(inArray(pushSubscriptions.endpoint, spellings), eq(pushSubscriptions.userId, user.id)));
      return { ok: true as const };
    },
  );

  // No sign-in: the token says whose emails and which. A mail provider makes the one-click POST from its own server,
  // with no cookie and no Origin, which the auth plugin's cross-site check lets through.
  app.post(
    '/api/notifications/unsubscribe',
    {
      config: { anySite: true },
      schema: {
        tags: ['notifications'],
        querystring: tokenField,
        body: tokenField.loose().optional(),
        response: { 200: unsubscribeResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => ({
      type: await unsubscribe(db, request.query.token ?? request.body?.token),
    }),
  );
};
