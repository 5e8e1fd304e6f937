import { Link } from 'react-router';
import { PopoverMenu } from '../components/ui/popover-menu';
import { useAuth } from '../lib/auth';
import { initials } from '../lib/format';
import { useTranslation } from '../lib/i18n';

/** The signed-in person's menu in the header: who they are, their profile, the dashboard for admins, sign out. */
export default function AccountMenu() {
  const { t } = useTranslation();
  const { user, signOut } = useAuth();
  if (!user) return null;
  const item = 'block w-full rounded-md px-3 py-2 text-left text-slate-800 hover:bg-slate-100';
  return (
    <PopoverMenu
      label={t('nav.accountMenu', { name: user.displayName })}
      trigger={<span aria-hidden="true">{initials(user.displayName)}</span>}
      triggerClassName="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 font-semibold text-white hover:bg-brand-800"
      panelClassName="right-0 mt-2 w-56"
    >
      <p className="px-3 py-2 text-sm text-slate-600">
        {user.displayName} · {t(`roles.${user.role}`)}
      </p>
      <ul>
        <li>
          <Link to="/profile" className={item}>
            {t('nav.profile')}
          </Link>
        </li>
        {user.role === 'admin' && (
          <li>
            <Link to="/admin" className={item}>
              {t('nav.admin')}
            </Link>
          </li>
        )}
        <li className="mt-1 border-t border-slate-200 pt-1">
          <button type="button" className={item} onClick={() => void signOut()}>
            {t('nav.signOut')}
          </button>
        </li>
      </ul>
    </PopoverMenu>
  );
}
