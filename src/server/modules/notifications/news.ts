import { sql } from 'drizzle-orm';
import type { Locale, Role } from '../../../shared/constants';
import { translate, type MessageKey, type Values } from '../../../shared/i18n';
import { markdownText } from '../../../shared/markdown-text';
import { excerpt } from '../../../shared/text';
import { BADGE_ROLE } from '../../db/schema';
import type { NotificationTargetKind, NotificationType } from '../../../shared/schemas/notifications';
import type { NewsItem } from '../mail';
import { removedKind } from './notify';

/**
 * What an email says of the reply a row is about (the email sender reads them, `REPLY_FACTS`; the push sender does
 * not): its words, and who wrote it. Null words: the row has no reply (it was deleted, or the row is not a reply's).
 */
type ReplyFacts = {
  reply_content: string | null;
  /** Null for Chloe, an anonymous asker, an account since deleted. */
  replier_name: string | null;
  replier_role: Role | null;
  by_chloe: boolean;
  by_anonymous_asker: boolean;
};

/**
 * The reply facts of notification rows `n` joined to their question `q`, as the bell's list reads them (list.ts):
 * the asker of an anonymous question is never named, whatever the row holds.
 */
export const REPLY_FACTS = {
  columns: sql`r.content as reply_content,
    case when q.is_anonymous and n.actor_id = q.author_id then null else u.display_name end as replier_name,
    ${BADGE_ROLE} as replier_role, coalesce(r.is_ai_reply, false) as by_chloe,
    coalesce(q.is_anonymous and r.author_id = q.author_id, false) as by_anonymous_asker`,
  joins: sql`left join replies r on r.id = n.reply_id left join users u on u.id = n.actor_id`,
};

/** How much of each reply an email quotes, and how many replies at most. */
const QUOTE_CHARS = 140;
const QUOTES = 3;

/** What the email and push senders read of a notification row. */
export type NewsRow = Partial<ReplyFacts> & {
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
 * What a notification opens, as the bell's links do (client/data/notifications.ts). A reply's opens its question at
 * the reply itself (`#reply-<id>`); the page shows the question's top when that reply has since been deleted.
 */
export function target(row: Pick<NewsRow, 'type' | 'question_id' | 'reply_id' | 'conversation_id'>): {
  kind: NotificationTargetKind;
  path: string;
} {
  switch (row.type) {
    case 'reply_to_my_question':
    case 'reply_to_followed':
    case 'topic_question':
      if (!row.question_id) return { kind: 'question', path: '/' };
      return {
        kind: 'question',
        path: `/questions/${row.question_id}${row.reply_id ? `#reply-${row.reply_id}` : ''}`,
      };
    case 'new_conversation':
    case 'chat_message':
    case 'conversation_reminder':
    case 'conversation_no_reply':
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
 * One line of news for an email: `rows` are one notification, or the replies to one question gathered. A reply's
 * names who wrote it (a mentor as a mentor, Chloe, the person who asked, never an anonymous asker's name) and quotes
 * the start of it as plain text; gathered replies are counted, and the first few quoted. Chats are never quoted.
 */
export function newsItem(rows: NewsRow[], locale: Locale, linkBase: string): NewsItem {
  const row = rows[0]!;
  const t = (key: string, values: Values = {}) =>
    translate(locale, `mail.notification.${key}` as MessageKey, values);
  const title = titleOf(row) ?? '';
  const count = rows.reduce((sum, each) => sum + each.count, 0);
  const replied = rows.filter((each) => typeof each.reply_content === 'string');
  // One reply, still there: said with who wrote it.
  const one = rows.length === 1 && count === 1 && replied.length === 1 ? row : null;
  const who = (reply: NewsRow) =>
    reply.by_chloe
      ? t('who.chloe')
      : reply.by_anonymous_asker
        ? t('who.asker')
        : !reply.replier_name
          ? t('who.someone')
          : reply.replier_role === 'mentor'
            ? t('who.mentor', { name: reply.replier_name })
            : reply.replier_name;
  const text = ((): string => {
    switch (row.type) {
      case 'reply_to_my_question':
        return one ? t('replyBy', { who: who(one), title }) : t('replies', { count, title });
      case 'reply_to_followed':
        return one ? t('followedReplyBy', { who: who(one), title }) : t('followedReplies', { count, title });
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
      case 'topic_question':
        return t('topicQuestion', { title });
      case 'conversation_reminder':
        return t('conversationReminder', { title });
      case 'conversation_no_reply':
        return t('conversationNoReply', { title });
    }
  })();
  const quotes = REPLY_TYPES.includes(row.type)
    ? replied.slice(0, QUOTES).map((reply) => ({ who: who(reply), text: quoted(reply) }))
    : [];
  const { kind, path } = target(row);
  return {
    text,
    link: `${linkBase}${path}`,
    action: t(`actions.${kind}`),
    ...(quotes.length > 0 ? { quotes } : {}),
    ...(replied.length > QUOTES ? { more: t('moreReplies', { count: replied.length - QUOTES }) } : {}),
  };
}

/** The start of a reply as one line of plain text: Chloe's Markdown without its marks. */
function quoted(reply: NewsRow): string {
  const content = reply.reply_content ?? '';
  const plain = reply.by_chloe ? markdownText(content) : content.replace(/\s+/g, ' ').trim();
  return excerpt(plain, QUOTE_CHARS);
}
