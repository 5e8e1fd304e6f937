import { MoreVertical } from 'lucide-react';
import type { Conversation } from '../../../shared/schemas/chat';
import { PopoverMenu } from '../../components/ui/popover-menu';
import { useConversationAction } from '../../data/chat';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * The conversation's options: close it (either person), block or unblock the mentor (the student), report it.
 * Closing and blocking ask first, as the question page's delete does.
 */
export function ConversationMenu({
  conversation,
  isStudent,
  onReport,
}: {
  conversation: Conversation;
  isStudent: boolean;
  onReport: () => void;
}) {
  const { t } = useTranslation();
  const conversationId = conversation.id;
  const close = useConversationAction({
    meta: { errorTitle: 'chat.closeFailed' },
    onSuccess: () => toast({ title: t('chat.closed') }),
  });
  const block = useConversationAction({
    meta: { errorTitle: 'chat.blockFailed' },
    onSuccess: (_result, { action }) =>
      toast({ title: t(action === 'block' ? 'chat.blocked' : 'chat.unblocked') }),
  });
  const canBlock = isStudent && conversation.participant.role === 'mentor';
  const item =
    'block w-full rounded-md px-3 py-2 text-left text-slate-800 hover:bg-slate-100 disabled:text-slate-400';

  return (
    <PopoverMenu
      label={t('chat.actions')}
      trigger={<MoreVertical aria-hidden="true" className="h-5 w-5" />}
      triggerClassName="flex h-11 w-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100"
      panelClassName="right-0 mt-1 w-64"
    >
      <ul>
        {conversation.status === 'active' && (
          <li>
            <button
              type="button"
              className={item}
              disabled={close.isPending}
              onClick={() => {
                if (window.confirm(t('chat.closeConfirm'))) close.mutate({ conversationId, action: 'close' });
              }}
            >
              {t('chat.close')}
            </button>
          </li>
        )}
        {canBlock && (
          <li>
            <button
              type="button"
              className={item}
              disabled={block.isPending}
              onClick={() => {
                if (conversation.blocked) block.mutate({ conversationId, action: 'unblock' });
                else if (window.confirm(t('chat.blockConfirm')))
                  block.mutate({ conversationId, action: 'block' });
              }}
            >
              {conversation.blocked ? t('chat.unblock') : t('chat.block')}
            </button>
          </li>
        )}
        <li>
          <button type="button" className={item} onClick={onReport}>
            {t('chat.report')}
          </button>
        </li>
      </ul>
    </PopoverMenu>
  );
}
