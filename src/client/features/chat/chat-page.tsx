import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { buttonClasses } from '../../components/ui/button';
import { useAuth } from '../../lib/auth';

export function ChatPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Page title={t('frames.chatTitle')} lead={t('frames.chatText')}>
      {!user && (
        <Link to="/login?next=%2Fchat" className={buttonClasses('primary')}>
          {t('nav.signIn')}
        </Link>
      )}
    </Page>
  );
}
