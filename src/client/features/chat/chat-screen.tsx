import { Search, WifiOff } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../shared/schemas/auth';
import { buttonClasses } from '../../components/ui/button';
import { isAwaitingVerification, useConversations } from '../../data/chat';
import { useChatLive } from '../../data/chat-live';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { useConnectionState } from '../../lib/realtime';
import { ConversationList } from './conversation-list';
import { MessagePane } from './message-pane';
import { StartConversationDialog } from './start-conversation-dialog';

/**
 * The signed-in chat: the conversation list beside the open conversation (600 px tall) on a wide screen; on a
 * phone, the list and the conversation are two screens, each the height the layout leaves below the header. The
 * open conversation is `?c=<id>` in the address, so Back returns to the list.
 */
export function ChatScreen({ user }: { user: User }) {
  const { t } = useTranslation();
  useChatLive();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selectedId = params.get('c');
  const connection = useConnectionState();
  const conversations = useConversations();
  const list = conversations.data?.conversations ?? [];
  const selected = selectedId ? list.find((c) => c.id === selectedId) : undefined;
  const isStudent = user.role === 'student';

  const emptyText =
    user.role === 'student'
      ? t('chat.noConversationsStudent')
      : user.role === 'mentor'
        ? t('chat.noConversationsMentor')
        : '';

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 lg:block lg:space-y-4">
      <div
        className={cn(
          'flex flex-wrap items-center gap-3',
          // On a phone, with a conversation open, only a lost connection is said here.
          selectedId && connection !== 'reconnecting' && 'max-md:hidden',
        )}
      >
        <div className={cn('flex flex-wrap items-center gap-3', selectedId && 'max-md:hidden')}>
          {isStudent && (
            <StartConversationDialog
              key={params.get('mentor') ?? ''}
              mentorId={params.get('mentor') ?? undefined}
              onStarted={(conversation) => navigate(`/chat?c=${encodeURIComponent(conversation.id)}`)}
            />
          )}
          <Link to="/mentors" className={buttonClasses('secondary')}>
            <Search aria-hidden="true" className="h-4 w-4" />
            {t('chat.findMentor')}
          </Link>
          {isAwaitingVerification(user) && (
            <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {t('chat.waitingReview')}
            </p>
          )}
        </div>
        <p role="status" className="ml-auto text-sm text-slate-600">
          {connection === 'reconnecting' && (
            <span className="inline-flex items-center gap-1">
              <WifiOff aria-hidden="true" className="h-4 w-4" />
              {t('chat.reconnecting')}
            </span>
          )}
        </p>
      </div>

      <div className="min-h-0 flex-1 overflow-hidden rounded-xl border border-slate-200 bg-white md:grid md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)] md:grid-rows-[minmax(0,1fr)] lg:h-[600px]">
        <div
          className={cn(
            'h-full md:border-r md:border-slate-200',
            selectedId ? 'hidden md:block' : 'flex flex-col',
          )}
        >
          <ConversationList
            conversations={list}
            status={conversations.status}
            selectedId={selectedId}
            ownUserId={user.id}
            emptyText={emptyText}
            onRetry={() => void conversations.refetch()}
          />
        </div>
        <div className={cn('h-full', !selectedId && 'hidden md:block')}>
          {selected ? (
            <MessagePane key={selected.id} conversation={selected} user={user} />
          ) : (
            <p
              role={selectedId && conversations.isSuccess ? 'alert' : undefined}
              className="flex h-full items-center justify-center p-6 text-center text-slate-600"
            >
              {selectedId && conversations.isSuccess
                ? t('chat.notParticipant')
                : selectedId
                  ? t('chat.loadingMessages')
                  : t('chat.selectConversation')}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
