import '../../lib/page-texts';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { refusalCode, refusalMessage } from '../../data/account';
import { cn } from '../../lib/cn';
import { focusWhenShown } from '../../lib/focus';
import { useTranslation } from '../../lib/i18n';
import { useLinkToken } from '../../lib/link-token';
import { useUnsubscribe } from '../../data/notifications';

/**
 * Where the "Unsubscribe" link of a notification email leads, signed in or not. Opening it changes nothing (mail
 * scanners open links too): one tap on its button turns off that email's type, and the page says which, with the
 * way to the other choices (on the profile, after signing in). Mail programs' one-click unsubscribe posts to the
 * API directly.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const unsubscribe = useUnsubscribe();
  const code = unsubscribe.isError ? refusalCode(unsubscribe.error) : undefined;
  const invalid = !token || code === 'UNSUBSCRIBE_TOKEN_INVALID' || code === 'VALIDATION';
  const manage = (
    <Link to="/profile#notifications" className={cn(buttonClasses('secondary'), 'mt-4 w-full')}>
      {t('notifications.manage')}
    </Link>
  );

  return (
    <Page title={t('notifications.unsubscribeTitle')} width="narrow">
      <Card>
        <div aria-live="polite" aria-busy={unsubscribe.isPending}>
          {unsubscribe.isSuccess ? (
            <>
              <p ref={focusWhenShown} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
                {unsubscribe.data.type === 'all'
                  ? t('notifications.unsubscribedAll')
                  : t('notifications.unsubscribed', {
                      type: t(`notifications.types.${unsubscribe.data.type}`),
                    })}
              </p>
              {manage}
            </>
          ) : invalid ? (
            <>
              <p className="text-slate-900">{t('notifications.unsubscribeInvalid')}</p>
              {manage}
            </>
          ) : (
            <>
              <p className="text-slate-700">{t('notifications.unsubscribeText')}</p>
              {unsubscribe.isError && (
                <p role="alert" className="mt-2 text-red-700">
                  {refusalMessage(unsubscribe.error)}
                </p>
              )}
              <Button
                className="mt-4 w-full"
                disabled={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate(token)}
              >
                {unsubscribe.isPending
                  ? t('notifications.unsubscribing')
                  : t('notifications.unsubscribeButton')}
              </Button>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
