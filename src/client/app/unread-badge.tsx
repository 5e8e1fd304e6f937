import '../lib/page-texts';
import { useUnreadTotal } from '../data/chat-live';
import { useTranslation } from '../lib/i18n';

/**
 * The signed-in person's unread chat messages beside the Mentors link, kept live by the socket. Loaded on its
 * own (see header.tsx) with the chat texts, so visitors' first page carries neither. `dot`: a mark on the phone's
 * menu button, whose drawer holds the link with its count.
 */
export default function UnreadBadge({ dot = false }: { dot?: boolean }) {
  const { t } = useTranslation();
  const count = useUnreadTotal();
  if (count <= 0) return null;
  if (dot) {
    return (
      <span className="absolute top-1.5 right-1.5 h-2.5 w-2.5 rounded-full bg-red-700 ring-2 ring-white">
        <span className="sr-only">{t('chat.unread', { count })}</span>
      </span>
    );
  }
  return (
    <span className="ml-1.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 align-middle text-xs leading-none font-bold text-white no-underline">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only"> ({t('chat.unread', { count })})</span>
    </span>
  );
}
