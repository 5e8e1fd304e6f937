import { and, count, inArray, isNull } from 'drizzle-orm';
import type { NotificationFrame } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import type { Realtime } from '../../realtime/channel';
import { notificationsChanged } from './events';
import { recipientsOf } from './read';

/** Unread counts of many people in one query; someone with none is not in the map. */
async function unreadCounts(db: Database, userIds: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ userId: notifications.userId, unread: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(rows.map((row) => [row.userId, row.unread]));
}

/**
 * The bell, live: when people's notifications change on any instance, each of their sockets here hears their new
 * unread count. Only people connected here are looked up, and all of them in one query.
 */
export function registerLiveBell(realtime: Realtime, db: Database): void {
  const { hub } = realtime;
  realtime.on(notificationsChanged, async ({ u, e }) => {
    const here = u ? hub.usersHere(u) : e ? await recipientsOf(db, e, hub.usersHere()) : [];
    if (here.length === 0) return;
    const counts = await unreadCounts(db, here);
    for (const userId of here) {
      const frame: NotificationFrame = { type: 'notifications', unread: counts.get(userId) ?? 0 };
      hub.sendToUser(userId, frame);
    }
  });
}
