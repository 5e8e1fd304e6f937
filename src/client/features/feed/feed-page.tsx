import { useTranslation } from '../../lib/i18n';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';

export function FeedPage({ sort }: { sort: 'trending' | 'latest' }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Page
      title={sort === 'latest' ? t('frames.feedLatestTitle') : t('frames.feedTitle')}
      lead={t('frames.feedText')}
    >
      <Card className="bg-brand-50">
        <p className="font-medium text-slate-900">{t('app.tagline')}</p>
        {!user && (
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/signup" className={buttonClasses('primary')}>
              {t('nav.signUp')}
            </Link>
            <Link to="/login" className={buttonClasses('secondary')}>
              {t('nav.signIn')}
            </Link>
          </div>
        )}
      </Card>
    </Page>
  );
}
