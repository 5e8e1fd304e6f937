import { Link } from 'react-router';
import type { Conversation } from '../../../shared/schemas/chat';
import { Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { RoleBadge, StatusBadge, UnreadBadge } from './badges';

/** The last message on one line: the server sends its first 160 characters, CSS cuts it to the item's width. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function ConversationItem({
  conversation,
  selected,
  ownUserId,
}: {
  conversation: Conversation;
  selected: boolean;
  ownUserId: string;
}) {
  const { t, locale } = useTranslation();
  const last = conversation.lastMessage;
  return (
    <li>
      <Link
        to={`/chat?c=${encodeURIComponent(conversation.id)}`}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'block border-b border-slate-100 px-3 py-3 hover:bg-slate-50 focus-visible:bg-slate-50',
          selected && 'bg-brand-50 hover:bg-brand-50',
        )}
      >
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 font-semibold wrap-break-word text-slate-900">{conversation.title}</span>
          <UnreadBadge count={conversation.unreadCount} />
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <span className="min-w-0 truncate">{conversation.participant.displayName}</span>
          <RoleBadge role={conversation.participant.role} />
          <StatusBadge status={conversation.status} />
        </span>
        {last && (
          <span className="mt-1 block truncate text-sm text-slate-600">
            {last.senderId === ownUserId ? `${t('chat.you')}: ` : ''}
            {oneLine(last.content)}
          </span>
        )}
        <time dateTime={conversation.updatedAt} className="mt-1 block text-xs text-slate-600">
          {formatDateTime(last?.createdAt ?? conversation.updatedAt, locale)}
        </time>
      </Link>
    </li>
  );
}

/** The person's conversations, newest activity first; each opens in the pane (and in the address, for Back). */
export function ConversationList({
  conversations,
  status,
  selectedId,
  ownUserId,
  emptyText,
  onRetry,
}: {
  conversations: Conversation[];
  status: 'pending' | 'error' | 'success';
  selectedId: string | null;
  ownUserId: string;
  emptyText: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="chat-list-title" className="flex h-full min-h-0 flex-col">
      <h2 id="chat-list-title" className="border-b border-slate-200 px-3 py-3 text-base font-semibold">
        {t('chat.conversations')}
      </h2>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {status === 'pending' ? (
          <div className="space-y-3 p-3" aria-busy="true">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : status === 'error' ? (
          <div role="alert" className="space-y-3 p-4 text-slate-700">
            <p>{t('chat.loadFailed')}</p>
            <button type="button" onClick={onRetry} className="font-medium text-brand-800 underline">
              {t('common.retry')}
            </button>
          </div>
        ) : conversations.length === 0 ? (
          <div className="space-y-1 p-4">
            <p className="font-medium text-slate-900">{t('chat.noConversations')}</p>
            <p className="text-sm text-slate-700">{emptyText}</p>
          </div>
        ) : (
          <ul>
            {conversations.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                selected={conversation.id === selectedId}
                ownUserId={ownUserId}
              />
            ))}
          </ul>
        )}
      </div>
    </nav>
  );
}
