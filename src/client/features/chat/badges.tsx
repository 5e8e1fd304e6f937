import type { Role } from '../../../shared/constants';
import type { ConversationStatus } from '../../../shared/schemas/chat';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';

const badge = 'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium';

export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(badge, role === 'mentor' ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700')}
    >
      {t(`roles.${role}`)}
    </span>
  );
}

/**
 * Whether the conversation is open (both can still write) or closed: not whether the other person is online. The
 * short word shows; the whole meaning is its tooltip and what a screen reader reads.
 */
export function StatusBadge({ status }: { status: ConversationStatus }) {
  const { t } = useTranslation();
  const active = status === 'active';
  const meaning = active ? t('chat.statusActiveHint') : t('chat.statusClosedHint');
  return (
    <span
      title={meaning}
      className={cn(badge, active ? 'bg-green-50 text-green-800' : 'bg-slate-200 text-slate-700')}
    >
      <span aria-hidden="true">{active ? t('chat.statusActive') : t('chat.statusClosed')}</span>
      <span className="sr-only">{meaning}</span>
    </span>
  );
}

/** The unread count, read out as "3 unread messages". */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="inline-flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('chat.unread', { count })}</span>
    </span>
  );
}
