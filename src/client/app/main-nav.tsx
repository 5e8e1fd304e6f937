import { ExternalLink } from 'lucide-react';
import { lazy } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../lib/auth';
import { usePublicConfig } from '../lib/config';
import { useTranslation, withTexts } from '../lib/i18n';
import { InBrowser } from './in-browser';
import { NAV_LINKS } from './nav-links';

function CareerLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const data = usePublicConfig();
  if (!data?.careerPlatformUrl) return null;
  return (
    <a href={data.careerPlatformUrl} target="_blank" rel="noopener noreferrer" className={className}>
      {t('nav.careerPlatform')}
      <ExternalLink aria-hidden="true" className="ml-1 inline h-3.5 w-3.5" />
      <span className="sr-only"> {t('nav.opensInNewTab')}</span>
    </a>
  );
}

/** Loaded only for a signed-in person: it brings the chat texts and opens the socket. */
export const UnreadBadge = lazy(() => withTexts(import('./unread-badge')));

/** The spec's navigation: the same links in the header row and in the mobile drawer. */
export function MainNav(props: {
  className: string;
  listClassName: string;
  linkClassName: (state: { isActive: boolean }) => string;
  careerClassName: string;
  /** A link of it was followed. */
  onFollow?: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <nav aria-label={t('nav.main')} className={props.className}>
      <ul className={props.listClassName}>
        {NAV_LINKS.map((entry) => (
          <li key={entry.to}>
            <NavLink
              to={entry.to}
              end={'end' in entry}
              className={props.linkClassName}
              onClick={props.onFollow}
            >
              {t(entry.label)}
              {entry.to === '/chat' && user && (
                <InBrowser>
                  <UnreadBadge />
                </InBrowser>
              )}
            </NavLink>
          </li>
        ))}
        {user?.role === 'mentor' && user.mentorVerified && (
          <li>
            <NavLink to="/mentor" className={props.linkClassName} onClick={props.onFollow}>
              {t('nav.waiting')}
            </NavLink>
          </li>
        )}
        <li>
          <CareerLink className={props.careerClassName} />
        </li>
      </ul>
    </nav>
  );
}
