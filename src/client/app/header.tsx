import { Languages, Menu } from 'lucide-react';
import { lazy, useEffect } from 'react';
import { setLanguage, useTranslation, withTexts } from '../lib/i18n';
import { Link, NavLink } from 'react-router';
import { CrisisDialog } from '../components/crisis-dialog';
import { Button, buttonClasses } from '../components/ui/button';
import { Modal, useEarlyDialog } from '../components/ui/modal';
import { useKeepLanguage } from '../data/account';
import { useAuth } from '../lib/auth';
import { cn } from '../lib/cn';
import { InBrowser } from './in-browser';
import { MainNav, UnreadBadge } from './main-nav';
import { MENU_EXTRA_GROUPS } from './nav-links';
import { SafetyBar } from './safety-bar';
import { PopoverMenu } from '../components/ui/popover-menu';
import { language, LANGUAGES, type Locale } from '../../shared/languages';

/** Switches the page's language, and the account's when someone is signed in. */
function useChooseLanguage(): (code: Locale) => void {
  const keepLanguage = useKeepLanguage();
  return (code) => {
    void setLanguage(code);
    keepLanguage(code);
  };
}

/**
 * Every language by its own name, the reader's marked as current: links to the same page in that language
 * (`?lang=`), which the app follows in place, and which work before the app has loaded (decision 063).
 */
function LanguageChoices({ itemClassName }: { itemClassName: string }) {
  const { locale } = useTranslation();
  const choose = useChooseLanguage();
  return (
    <ul>
      {LANGUAGES.map((entry) => (
        <li key={entry.code}>
          <a
            href={`?lang=${entry.code}`}
            hrefLang={entry.code}
            lang={entry.code}
            aria-current={entry.code === locale ? 'true' : undefined}
            onClick={(event) => {
              if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              choose(entry.code);
            }}
            className={cn(itemClassName, entry.code === locale && 'font-semibold text-brand-800')}
          >
            {entry.ownName}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The header's language menu: an icon on a phone, the current language's name beside it on a wider screen. */
function LanguageMenu() {
  const { t, locale } = useTranslation();
  const current = language(locale).ownName;
  return (
    <PopoverMenu
      label={`${t('language.switchTo')} (${current})`}
      trigger={
        <>
          <Languages aria-hidden="true" className="h-5 w-5" />
          <span className="hidden sm:inline">{current}</span>
        </>
      }
      triggerClassName={cn(buttonClasses('ghost', 'sm'), 'gap-1.5')}
      panelClassName="right-0 top-12 w-48"
    >
      <LanguageChoices itemClassName="block w-full rounded-lg px-3 py-2.5 text-left text-slate-800 hover:bg-slate-100" />
    </PopoverMenu>
  );
}

/** The account menu loads after the first screen, in a placeholder of its size, so nothing beside it moves. */
const AccountMenu = lazy(() => import('./account-menu'));

/** The notifications' bell, for a signed-in person only: like the unread badge, it brings its texts along. */
const Bell = lazy(() => withTexts(import('../features/notifications/bell')));

function MobileDrawer() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // Following one of its links closes it, and so does Back. Not any change of the address: a page still loading
  // when it was opened (the logo tapped just before) arrives after, and must not close it.
  const { open, setOpen, trigger, modal } = useEarlyDialog();
  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    window.addEventListener('popstate', close);
    return () => window.removeEventListener('popstate', close);
  }, [open, setOpen]);
  const follow = () => setOpen(false);
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'block rounded-lg px-3 py-3 text-base',
      isActive ? 'bg-brand-50 font-semibold text-brand-800' : 'text-slate-800',
    );
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative lg:hidden"
        aria-label={t('nav.openMenu')}
        {...trigger}
      >
        <Menu aria-hidden="true" className="h-6 w-6" />
        {user && (
          <InBrowser>
            <UnreadBadge dot />
          </InBrowser>
        )}
      </Button>
      <Modal {...modal} title={t('nav.menuTitle')} side="left">
        <MainNav
          className="mt-2"
          listClassName="space-y-1"
          linkClassName={link}
          careerClassName="block rounded-lg px-3 py-3 text-base text-slate-800"
          onFollow={follow}
        />
        {MENU_EXTRA_GROUPS.map((group) => (
          <nav
            key={group.id}
            aria-labelledby={`menu-${group.id}`}
            className="mt-4 border-t border-slate-200 pt-3"
          >
            <h2 id={`menu-${group.id}`} className="px-3 pb-1 text-sm font-semibold text-slate-600">
              {t(group.heading)}
            </h2>
            <ul>
              {group.links.map((entry) => (
                <li key={entry.to}>
                  <NavLink to={entry.to} className={link}>
                    {t(entry.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="mt-4 space-y-2 border-t border-slate-200 pt-4">
          {!user && (
            <>
              <Link to="/login" className={cn(buttonClasses('primary'), 'w-full')} onClick={follow}>
                {t('nav.signIn')}
              </Link>
              <Link to="/signup" className={cn(buttonClasses('secondary'), 'w-full')} onClick={follow}>
                {t('nav.signUp')}
              </Link>
            </>
          )}
          <p className="px-1 pt-2 text-sm font-semibold text-slate-600">{t('language.switchTo')}</p>
          <LanguageChoices itemClassName="block w-full rounded-lg px-3 py-2.5 text-left text-slate-800 hover:bg-slate-100" />
        </div>
      </Modal>
    </>
  );
}

/**
 * The logo (public/favicon.svg, and the tab's icon drawn from it, public/icons/favicon-48.png), drawn in the page: it
 * paints with the first HTML, without a request of its own.
 */
function Logo() {
  return (
    <svg viewBox="0 0 64 64" width="28" height="28" aria-hidden="true" className="h-7 w-7">
      <rect width="64" height="64" rx="14" fill="#0c4a6e" />
      <path
        d="M16 44V20l16 14 16-14v24"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Header() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const link = ({ isActive }: { isActive: boolean }) =>
    cn(
      'block rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap',
      isActive ? 'text-brand-800 underline underline-offset-8' : 'text-slate-700 hover:text-slate-900',
    );
  return (
    <header id="site-header" className="sticky top-0 z-40 border-b border-slate-200 bg-white print:hidden">
      <SafetyBar />
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <MobileDrawer />
        <Link
          to="/"
          className="mr-2 flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap text-brand-800"
        >
          <Logo />
          <span className="sr-only sm:not-sr-only">{t('app.name')}</span>
        </Link>
        <div className="ml-auto flex shrink-0 items-center gap-1.5 sm:gap-2">
          <CrisisDialog />
          <LanguageMenu />
          {user ? (
            <>
              <InBrowser placeholder={<span aria-hidden="true" className="block h-11 w-11" />}>
                <Bell />
              </InBrowser>
              <InBrowser
                placeholder={
                  <span aria-hidden="true" className="block h-10 w-10 rounded-full bg-brand-700" />
                }
              >
                <AccountMenu />
              </InBrowser>
            </>
          ) : (
            <Link to="/login" className={buttonClasses('primary', 'sm')}>
              {t('nav.signIn')}
            </Link>
          )}
        </div>
      </div>
      <MainNav
        className="hidden border-t border-slate-100 lg:block"
        listClassName="mx-auto flex max-w-7xl flex-wrap items-center gap-x-1 px-4 sm:px-6"
        linkClassName={link}
        careerClassName="block rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:text-slate-900"
      />
    </header>
  );
}
