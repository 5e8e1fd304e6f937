import { Bot, MessageCircle, Users } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PopoverMenu } from '../components/ui/popover-menu';
import { useAuth } from '../lib/auth';
import { useTranslation } from '../lib/i18n';

/** The chat button at the bottom right of every page but the two chat pages. */
export function FloatingChat() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (pathname === '/chat' || pathname === '/chloe') return null;
  const item = 'flex items-start gap-3 rounded-md p-3 text-slate-800 hover:bg-slate-100';
  return (
    <div className="fixed right-4 bottom-4 z-30">
      <PopoverMenu
        label={t('floatingChat.open')}
        trigger={<MessageCircle aria-hidden="true" className="h-7 w-7" />}
        triggerClassName="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
        panelClassName="right-0 bottom-16 w-72"
      >
        <p className="px-3 py-2 text-sm font-semibold text-slate-700">{t('floatingChat.title')}</p>
        <ul>
          <li>
            <Link to="/chloe" className={item}>
              <Bot aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
              <span>
                <span className="block font-medium">{t('floatingChat.aiTitle')}</span>
                <span className="block text-sm text-slate-600">{t('floatingChat.aiDescription')}</span>
              </span>
            </Link>
          </li>
          <li>
            <Link to={user ? '/chat' : '/signup'} className={item}>
              <Users aria-hidden="true" className="mt-0.5 h-5 w-5 text-brand-700" />
              <span>
                <span className="block font-medium">{t('floatingChat.mentorsTitle')}</span>
                <span className="block text-sm text-slate-600">
                  {user ? t('floatingChat.mentorsSignedIn') : t('floatingChat.mentorsSignedOut')}
                </span>
              </span>
            </Link>
          </li>
        </ul>
      </PopoverMenu>
    </div>
  );
}
