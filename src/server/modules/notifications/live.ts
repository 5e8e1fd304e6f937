import type { NotificationFrame } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import type { Realtime } from '../../realtime/channel';
import { notificationsChanged } from './events';
import { recipientsOf, unreadCounts } from './read';

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
