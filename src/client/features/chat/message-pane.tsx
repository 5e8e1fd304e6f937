import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '../../../shared/schemas/chat';
import type { User } from '../../../shared/schemas/auth';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { useJoinConversation } from '../../lib/realtime';
import { Composer } from './composer';
import { ConversationMenu } from './conversation-menu';
import { FeedbackForm } from './feedback-form';
import { MessageBubble, PendingBubble } from './message-bubble';
import { MessageList } from './message-list';
import { OtherMentors } from './other-mentors';
import { ReportDialog } from './report-dialog';
import { RoleBadge, StatusBadge } from './badges';
import { useMarkReadWhenSeen } from './use-mark-read';
import { useMessagePane } from './use-message-pane';
import { useTyping } from './use-typing';

/**
 * One conversation: who it is with and its options, the messages, who is typing and the message box. On a
 * phone it is a screen of its own, with a way back to the list.
 */
export function MessagePane({ conversation, user }: { conversation: Conversation; user: User }) {
  const { t } = useTranslation();
  const pane = useMessagePane(conversation);
  const [atNewest, setAtNewest] = useState(true);
  const [reportTarget, setReportTarget] = useState<{ messageId?: string } | null>(null);
  const other = conversation.participant;
  const lastMessage = pane.items.findLast((item) => item.kind === 'message');
  // "Seen" under our message while it is the newest: once they reply, the reply says they read it.
  const seenKey =
    lastMessage?.kind === 'message' &&
    lastMessage.message.senderId === user.id &&
    conversation.participantLastReadSeq !== null &&
    conversation.participantLastReadSeq >= lastMessage.message.seq
      ? lastMessage.key
      : undefined;
  const typing = useTyping(
    conversation.id,
    user.id,
    lastMessage?.kind === 'message' ? lastMessage.message : undefined,
  );
  useJoinConversation(conversation.id);
  useMarkReadWhenSeen(conversation.id, pane.lastSeq, conversation.lastReadSeq, atNewest);

  // A block closes the conversation: the mentor is told it is closed, the student why.
  const lockedNotice =
    conversation.blocked && user.role === 'student'
      ? t('chat.blockedNotice')
      : conversation.blocked || conversation.status === 'closed'
        ? t('chat.closedNotice')
        : undefined;

  return (
    <section aria-labelledby="chat-pane-title" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-slate-200 px-2 py-2 sm:px-3">
        <Link
          to="/chat"
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden"
          aria-label={t('chat.back')}
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        </Link>
        <div className="min-w-0 flex-1">
          <h2 id="chat-pane-title" className="truncate text-base font-semibold text-slate-900">
            {conversation.title}
          </h2>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
            <span className="truncate">{other.displayName}</span>
            <RoleBadge role={other.role} />
            <StatusBadge status={conversation.status} />
          </p>
        </div>
        <ConversationMenu
          conversation={conversation}
          isStudent={user.role === 'student'}
          onReport={() => setReportTarget({})}
        />
      </header>

      {pane.status === 'error' ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-4 text-center">
          <p className="text-slate-700">{t('chat.messagesLoadFailed')}</p>
          <Button variant="secondary" onClick={() => void pane.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : pane.status === 'pending' ? (
        <p role="status" className="flex flex-1 items-center justify-center p-4 text-slate-600">
          {t('chat.loadingMessages')}
        </p>
      ) : (
        <MessageList
          items={pane.items}
          label={t('chat.messagesWith', { name: other.displayName })}
          hasOlder={pane.hasOlder}
          loadingOlder={pane.loadingOlder}
          onLoadOlder={pane.loadOlder}
          onAtNewestChange={setAtNewest}
          empty={<p className="p-4 text-center text-slate-600">{t('chat.noMessages')}</p>}
          renderItem={(item) =>
            item.kind === 'message' ? (
              <MessageBubble
                key={item.key}
                message={item.message}
                own={item.message.senderId === user.id}
                seen={item.key === seenKey}
                senderName={other.displayName}
                onReport={(message) => setReportTarget({ messageId: message.id })}
              />
            ) : (
              <PendingBubble key={item.key} pending={item.pending} onRetry={pane.retry} />
            )
          }
        />
      )}

      <p aria-live="polite" className="min-h-6 px-4 text-sm text-slate-600 italic">
        {typing.otherTyping ? t('chat.typing', { name: other.displayName }) : ''}
      </p>
      {user.role === 'student' && conversation.status === 'closed' && conversation.closedReason && (
        <OtherMentors conversation={conversation} />
      )}
      {/* A conversation its mentor never answered has nothing to rate. */}
      {user.role === 'student' &&
        conversation.status === 'closed' &&
        conversation.closedReason !== 'no-reply' &&
        !conversation.feedbackGiven && <FeedbackForm conversation={conversation} />}
      <Composer onSend={pane.submit} onTyping={typing.typed} lockedNotice={lockedNotice} />
      <ReportDialog
        conversationId={conversation.id}
        target={reportTarget}
        onClose={() => setReportTarget(null)}
      />
    </section>
  );
}
