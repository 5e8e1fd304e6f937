import { cn } from '../lib/cn';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { useNow } from '../lib/clock';
import { usePublicConfig } from '../lib/config';
import { FOOTER_GROUPS } from './nav-links';

/** The year as UTC counts it: the same for the server's frame and the reader's browser, wherever each is. */
function Copyright() {
  const { t } = useTranslation();
  return <p>{t('footer.copyright', { year: new Date(useNow()).getUTCFullYear() })}</p>;
}

const link = 'text-slate-300 underline-offset-4 hover:text-white hover:underline';

/** The site's own address and number, once its settings have come: only these lines are drawn again then. */
function ContactLines() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <>
      {config?.contactEmail && (
        <li>
          {t('footer.email')}:{' '}
          <a className={link} href={`mailto:${config.contactEmail}`}>
            {config.contactEmail}
          </a>
        </li>
      )}
      {config?.contactPhone && (
        <li>
          {t('footer.phone')}:{' '}
          <a className={link} href={`tel:${config.contactPhone.replace(/[^\d+]/g, '')}`}>
            {config.contactPhone}
          </a>
        </li>
      )}
    </>
  );
}

export function Footer({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <footer className={cn('mt-12 bg-slate-900 text-slate-200 print:hidden', className)}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="space-y-3">
          <p className="text-lg font-bold text-white">{t('app.name')}</p>
          <p className="text-sm">{t('footer.about')}</p>
          <p className="text-sm text-slate-300">{t('footer.notAgency')}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.id} aria-labelledby={`footer-${group.id}`}>
            <h2 id={`footer-${group.id}`} className="mb-3 font-semibold text-white">
              {t(group.heading)}
            </h2>
            <ul className="space-y-2 text-sm">
              {group.links.map((entry) => (
                <li key={entry.to}>
                  <Link className={link} to={entry.to}>
                    {t(entry.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="mb-3 font-semibold text-white">{t('footer.contact')}</h2>
          <ul className="space-y-2 text-sm">
            <ContactLines />
            <li className="font-medium text-white">
              <a className={link} href="tel:000">
                {t('footer.crisis')}
              </a>
            </li>
          </ul>
        </div>
      </div>
      {/* Room at the bottom, so the floating chat button never covers the last lines of a page. */}
      <div className="border-t border-slate-800 px-4 pt-4 pb-24 text-center text-sm text-slate-300">
        <Copyright />
      </div>
    </footer>
  );
}
