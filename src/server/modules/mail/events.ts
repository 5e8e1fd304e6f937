import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { eventKind } from '../../realtime/events';
import { createOutbox, type Outbox } from './outbox';

/** Emails wait in the outbox (written, or retried by an admin): every instance's sender looks at once. */
export const mailQueued = eventKind('mail', z.object({}));

/** The app's outbox: once a change that wrote emails commits, every instance's sender hears of it. */
export function announcedOutbox(db: Database, enabled: boolean, log: FastifyBaseLogger): Outbox {
  return createOutbox(enabled, () => {
    void mailQueued
      .publish(db, {})
      .catch((error: unknown) => log.warn({ err: error }, 'Mail sender not woken'));
  });
}
