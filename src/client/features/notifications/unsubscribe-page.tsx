import '../../lib/page-texts';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { useLinkToken } from '../../lib/link-token';
import { useUnsubscribeLink } from '../../lib/notifications';

/**
 * Where the "Unsubscribe" link of a notification email leads, signed in or not: the token turns off that email's
 * type at once, and the page says which, with the way to the other choices (on the profile, after signing in).
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const { state, retry } = useUnsubscribeLink(token);
  const manage = (
    <Link to="/profile#notifications" className={cn(buttonClasses('secondary'), 'mt-4 w-full')}>
      {t('notifications.manage')}
    </Link>
  );

  return (
    <Page title={t('notifications.unsubscribeTitle')} width="narrow">
      <Card>
        {/* The link is used while the person waits: its outcome is read out as it replaces "Turning off". */}
        <div aria-live="polite" aria-busy={state.status === 'working'}>
          {state.status === 'working' && <p className="text-slate-700">{t('notifications.unsubscribing')}</p>}
          {state.status === 'done' && (
            <>
              <p className="font-semibold text-slate-900">
                {state.type === 'all'
                  ? t('notifications.unsubscribedAll')
                  : t('notifications.unsubscribed', { type: t(`notifications.types.${state.type}`) })}
              </p>
              {manage}
            </>
          )}
          {state.status === 'invalid' && (
            <>
              <p className="text-slate-900">{t('notifications.unsubscribeInvalid')}</p>
              {manage}
            </>
          )}
          {state.status === 'failed' && (
            <>
              <p role="alert" className="text-red-700">
                {state.message}
              </p>
              <Button className="mt-4 w-full" onClick={retry}>
                {t('common.retry')}
              </Button>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
