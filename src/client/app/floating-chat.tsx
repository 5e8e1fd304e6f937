import { Bot, MessageCircle, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PopoverMenu } from '../components/ui/popover-menu';
import { useAuth } from '../lib/auth';
import { addTexts, textsPart, useTranslation } from '../lib/i18n';

// Its few texts, in the reader's language: layout.tsx waits for them (withTexts) before it shows the button.
void addTexts(textsPart('later'));

/** A text field has focus on a touch screen, or the visible viewport has shrunk: the on-screen keyboard is open. */
function keyboardOpen(): boolean {
  const active = document.activeElement;
  const typing =
    active instanceof HTMLTextAreaElement ||
    (active instanceof HTMLElement && active.isContentEditable) ||
    (active instanceof HTMLInputElement &&
      !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'file', 'color'].includes(active.type));
  const touch = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  const viewport = window.visualViewport;
  return (touch && typing) || (!!viewport && viewport.height < window.innerHeight - 150);
}

/** Whether the on-screen keyboard is open, following focus and the visible viewport's size. */
function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // After focus has settled: focusout fires before the next field's focusin.
    const update = () => requestAnimationFrame(() => setOpen(keyboardOpen()));
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    window.visualViewport?.addEventListener('resize', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
      window.visualViewport?.removeEventListener('resize', update);
    };
  }, []);
  return open;
}

/** The chat button at the bottom right of a page (app/layout.tsx); out of the way while the on-screen keyboard is open. */
export function FloatingChat() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const typing = useKeyboardOpen();
  if (typing) return null;
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
