import type { Locale } from '../../../shared/constants';
import { translate, type MessageKey, type Values } from '../../../shared/i18n';
import type { NotificationTargetKind, NotificationType } from '../../../shared/schemas/notifications';
import type { NewsItem } from '../mail/templates';
import { removedKind } from './notify';

/** What the email and push senders read of a notification row. */
export type NewsRow = {
  type: NotificationType;
  event_key: string;
  question_id: string | null;
  /** The reply a reply's notification is about (null on others). */
  reply_id: string | null;
  conversation_id: string | null;
  detail: string | null;
  count: number;
  question_title: string | null;
  conversation_title: string | null;
};

export const REPLY_TYPES: readonly NotificationType[] = ['reply_to_my_question', 'reply_to_followed'];

/**
 * What a notification opens, as the bell's links do (client/lib/notifications.ts). A reply's opens its question at
 * the reply itself (`#reply-<id>`); the page shows the question's top when that reply has since been deleted.
 */
export function target(row: Pick<NewsRow, 'type' | 'question_id' | 'reply_id' | 'conversation_id'>): {
  kind: NotificationTargetKind;
  path: string;
} {
  switch (row.type) {
    case 'reply_to_my_question':
    case 'reply_to_followed':
      if (!row.question_id) return { kind: 'question', path: '/' };
      return {
        kind: 'question',
        path: `/questions/${row.question_id}${row.reply_id ? `#reply-${row.reply_id}` : ''}`,
      };
    case 'new_conversation':
    case 'chat_message':
      return { kind: 'conversation', path: row.conversation_id ? `/chat?c=${row.conversation_id}` : '/chat' };
    case 'new_reports':
      return { kind: 'reports', path: '/admin?tab=reports' };
    default:
      return { kind: 'profile', path: '/profile' };
  }
}

/** The title a notification is about: its question's or chat's (the person can see both). */
export const titleOf = (row: NewsRow): string | null => row.question_title ?? row.conversation_title;

/**
 * One line of news for an email: `rows` are one notification, or the replies to one question gathered. Nobody is
 * named (an anonymous asker's reply stays anonymous) and no message is quoted.
 */
export function newsItem(rows: NewsRow[], locale: Locale, linkBase: string): NewsItem {
  const row = rows[0]!;
  const t = (key: string, values: Values = {}) =>
    translate(locale, `mail.notification.${key}` as MessageKey, values);
  const title = titleOf(row) ?? '';
  const count = rows.reduce((sum, each) => sum + each.count, 0);
  const text = ((): string => {
    switch (row.type) {
      case 'reply_to_my_question':
        return t('replies', { count, title });
      case 'reply_to_followed':
        return t('followedReplies', { count, title });
      case 'new_conversation':
        return t('newConversation', { title });
      case 'chat_message':
        return t('chatMessages', { count, title });
      case 'conversation_closed':
        return t('conversationClosed', { title });
      case 'mentor_verified':
        return t('mentorVerified');
      case 'mentor_declined':
        return t('mentorDeclined');
      case 'content_removed':
        return removedKind(row.event_key) === 'question'
          ? t('questionRemoved', { title: row.detail ?? '' })
          : t('replyRemoved');
      case 'new_reports':
        return t('newReports');
    }
  })();
  const { kind, path } = target(row);
  return { text, link: `${linkBase}${path}`, action: t(`actions.${kind}`) };
}
