import '../../lib/page-texts';
import { Bell as BellIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { useUnreadNotifications } from '../../data/notifications';
import { useRenewPush } from '../../data/push';

/** Quiet for this long after the count goes up before it is read out, so a burst of replies is said once. */
const ANNOUNCE_AFTER_MS = 1_500;
/** The announcement is then taken back, so the same count can be said again later. */
const CLEAR_AFTER_MS = 5_000;

/**
 * What a screen reader says when new notifications come: only a count that went up (not the first one, not one that
 * went down as the person read them), once things have settled.
 */
function useNewCountAnnouncement(count: number | undefined): string {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const last = useRef(count);
  useEffect(() => {
    const before = last.current;
    last.current = count;
    if (count === undefined || before === undefined || count <= before) return;
    const timer = setTimeout(() => setSaid(t('notifications.announce', { count })), ANNOUNCE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [count, t]);
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), CLEAR_AFTER_MS);
    return () => clearTimeout(timer);
  }, [said]);
  return said;
}

/**
 * The bell in the header for a signed-in person: a link to /notifications named with the unread count, which the
 * socket keeps live. Loaded on its own (see header.tsx), so visitors' first page carries none of it.
 */
export default function Bell() {
  const { t } = useTranslation();
  const count = useUnreadNotifications();
  useRenewPush();
  const announcement = useNewCountAnnouncement(count);
  const unread = count ?? 0;
  return (
    <>
      <NavLink
        to="/notifications"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
        className={({ isActive }) =>
          cn(buttonClasses('ghost', 'icon'), 'relative', isActive && 'bg-brand-50 text-brand-800')
        }
      >
        <BellIcon aria-hidden="true" className="h-6 w-6" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs leading-none font-bold text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </NavLink>
      <span role="status" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
