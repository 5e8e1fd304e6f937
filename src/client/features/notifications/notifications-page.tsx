import '../../lib/page-texts';
import { CheckCheck } from 'lucide-react';
import { LoadFailed } from '../../components/load-failed';
import { MorePages } from '../../components/more-pages';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useTranslation } from '../../lib/i18n';
import { useMarkRead, useNotifications, useUnreadNotifications } from '../../data/notifications';
import { NotificationItem, NotificationItemSkeleton } from './notification-item';

/**
 * /notifications: newest first, a page at a time. A tap opens what a notification is about and marks it read;
 * "Mark all as read" reads them all. The list follows the socket while it is on screen (data/notifications.ts).
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useNotifications();
  const unread = useUnreadNotifications();
  const markRead = useMarkRead({ meta: { errorTitle: 'notifications.markReadFailed' } });
  const notifications = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const nothingUnread = !unread;

  return (
    <Page title={t('notifications.title')} lead={t('notifications.lead')} width="medium">
      <div className="mb-4 flex min-h-11 flex-wrap items-center justify-between gap-3">
        <p role="status" className="text-slate-700">
          {unread === undefined
            ? ''
            : unread > 0
              ? t('notifications.unreadCount', { count: unread })
              : t('notifications.allRead')}
        </p>
        {notifications.length > 0 && (
          // Not `disabled`: the button keeps the focus of a keyboard user who has just used it.
          <Button
            variant="secondary"
            aria-disabled={nothingUnread}
            className="aria-disabled:cursor-not-allowed aria-disabled:text-slate-500"
            onClick={() => !nothingUnread && markRead.mutate({ all: true })}
          >
            <CheckCheck aria-hidden="true" className="h-5 w-5" />
            {t('notifications.markAllRead')}
          </Button>
        )}
      </div>

      {list.isPending && (
        <ul aria-busy="true" className="space-y-3">
          {[0, 1, 2].map((n) => (
            <NotificationItemSkeleton key={n} />
          ))}
        </ul>
      )}
      {list.isError && !list.data && (
        <LoadFailed text={t('notifications.loadFailed')} onRetry={() => void list.refetch()} />
      )}
      {list.data && notifications.length === 0 && (
        <Card className="text-center">
          <h2 className="text-xl font-semibold text-slate-900">{t('notifications.empty')}</h2>
          <p className="mt-2 text-slate-700">{t('notifications.emptyText')}</p>
        </Card>
      )}
      {notifications.length > 0 && (
        <ul className="space-y-3">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onOpen={(id) => markRead.mutate({ ids: [id] })}
            />
          ))}
        </ul>
      )}
      <MorePages
        list={list}
        more={t('notifications.loadMore')}
        loading={t('notifications.loadingMore')}
        failed={t('notifications.loadFailed')}
      />
    </Page>
  );
}
