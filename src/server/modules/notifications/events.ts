import { z } from 'zod';
import type { Database } from '../../db/client';
import { eventKind } from '../../realtime/events';

type Executor = Pick<Database, 'execute'>;

/**
 * Some people's unread counts changed: `u` names them, or, when they are too many for one event (PostgreSQL limits
 * a payload to 8,000 bytes), `e` is the event key their notifications share and each instance looks up which of its
 * connected people have one (`recipientsOf`).
 */
export const notificationsChanged = eventKind(
  'notifications',
  z.object({ u: z.array(z.string()).optional(), e: z.string().optional() }),
);

/** The most people one event names; 50 ids are about 2,000 bytes. */
export const MAX_NAMED_RECIPIENTS = 50;

/**
 * Tells every instance, once the transaction commits, that these people's bells changed. A fan-out past
 * `MAX_NAMED_RECIPIENTS` travels as its event key instead; callers give the key whenever the list may be long.
 */
export async function announce(tx: Executor, to: { userIds: string[]; eventKey?: string }): Promise<void> {
  if (to.userIds.length === 0) return;
  if (to.userIds.length <= MAX_NAMED_RECIPIENTS || to.eventKey === undefined) {
    for (let start = 0; start < to.userIds.length; start += MAX_NAMED_RECIPIENTS) {
      await notificationsChanged.publish(tx, { u: to.userIds.slice(start, start + MAX_NAMED_RECIPIENTS) });
    }
    return;
  }
  await notificationsChanged.publish(tx, { e: to.eventKey });
}
