import {
  BadgeCheck,
  BadgeX,
  Clock,
  Flag,
  MessageCircleQuestion,
  MessageSquareReply,
  MessageSquareOff,
  MessagesSquare,
  ShieldAlert,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { Notification, NotificationType } from '../../../shared/schemas/notifications';
import { useNow } from '../../lib/clock';
import { cn } from '../../lib/cn';
import { formatDateTime, relativeTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { notificationHref } from '../../data/notifications';

const ICONS: Record<NotificationType, LucideIcon> = {
  reply_to_my_question: MessageSquareReply,
  reply_to_followed: MessageSquareReply,
  new_conversation: MessagesSquare,
  chat_message: MessagesSquare,
  conversation_closed: MessageSquareOff,
  mentor_verified: BadgeCheck,
  mentor_declined: BadgeX,
  content_removed: ShieldAlert,
  new_reports: Flag,
  topic_question: MessageCircleQuestion,
  conversation_reminder: Clock,
  conversation_no_reply: MessageSquareOff,
};

/**
 * One notification: a link to what it is about, so it opens like any link (a long press, a new tab). Its sentence
 * (the server's) names the question or chat already. An unread one is tinted and bold, and says "Unread" to a screen
 * reader first; `onOpen` marks it read.
 */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: (id: string) => void;
}) {
  const { t, locale } = useTranslation();
  const now = useNow();
  const unread = !notification.readAt;
  const Icon = ICONS[notification.type];
  return (
    <li>
      <Link
        to={notificationHref(notification.target)}
        onClick={() => unread && onOpen(notification.id)}
        className={cn(
          'flex gap-3 rounded-xl border p-4 hover:bg-slate-50',
          unread ? 'border-brand-100 bg-brand-50' : 'border-slate-200 bg-white',
        )}
      >
        <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
        <span className="min-w-0 flex-1">
          {unread && <span className="sr-only">{t('notifications.unread')}:</span>}{' '}
          <span className={cn('block text-slate-900', unread && 'font-semibold')}>{notification.text}</span>{' '}
          <time
            dateTime={notification.createdAt}
            title={formatDateTime(notification.createdAt, locale)}
            className="mt-1 block text-sm text-slate-600"
          >
            {relativeTime(notification.createdAt, t, now)}
          </time>
        </span>
        {unread && (
          <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-brand-700" />
        )}
      </Link>
    </li>
  );
}

export function NotificationItemSkeleton() {
  return (
    <li aria-hidden="true" className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <span className="h-5 w-5 shrink-0 animate-pulse rounded bg-slate-200" />
      <span className="flex-1 space-y-2">
        <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
        <span className="block h-4 w-1/2 animate-pulse rounded bg-slate-200" />
        <span className="block h-3 w-24 animate-pulse rounded bg-slate-200" />
      </span>
    </li>
  );
}
