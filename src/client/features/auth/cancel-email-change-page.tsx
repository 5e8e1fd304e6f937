import '../../lib/page-texts';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  refusalCode,
  refusalMessage,
  useCancelEmailChange,
  useRequestPasswordReset,
} from '../../data/account';
import { cn } from '../../lib/cn';
import { focusWhenShown } from '../../lib/focus';
import { useTranslation } from '../../lib/i18n';
import { useLinkToken } from '../../lib/link-token';

const primaryLink = cn(buttonClasses('primary'), 'mt-4 w-full');

/** After cancelling: someone knew the password, so the way to a new one is one tap away. */
function ChooseNewPassword({ email }: { email: string }) {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  if (request.isSuccess)
    return (
      <p ref={focusWhenShown} tabIndex={-1} className="mt-4 text-slate-800 outline-none">
        {t('auth.forgotSent', { email })}
      </p>
    );
  return (
    <>
      <p className="mt-2 text-slate-700">{t('auth.cancelChangePassword')}</p>
      <Button className="mt-4 w-full" disabled={request.isPending} onClick={() => request.mutate({ email })}>
        {request.isPending ? t('auth.sendingLink') : t('auth.cancelChangeSendLink')}
      </Button>
      {request.isError && (
        <p role="alert" className="mt-2 text-red-700">
          {refusalMessage(request.error)}
        </p>
      )}
    </>
  );
}

/**
 * Where the "This wasn't me" link of an email change notice leads. Opening it changes nothing (mail scanners open
 * links too): the person taps the one button, and the page says what happened.
 */
export function CancelEmailChangePage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const cancel = useCancelEmailChange();
  const code = cancel.isError ? refusalCode(cancel.error) : undefined;
  const invalid = !token || code === 'CANCEL_TOKEN_INVALID' || code === 'VALIDATION';

  return (
    <Page title={t('auth.cancelChangeTitle')} width="narrow">
      <Card>
        <div aria-live="polite" aria-busy={cancel.isPending}>
          {cancel.isSuccess ? (
            <>
              <p ref={focusWhenShown} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
                {t('auth.cancelChangeDone', { email: cancel.data.email })}
              </p>
              <ChooseNewPassword email={cancel.data.email} />
            </>
          ) : invalid ? (
            <>
              <p className="text-slate-900">{t('errors.cancelTokenInvalid')}</p>
              <Link to="/forgot-password" className={primaryLink}>
                {t('auth.forgotPassword')}
              </Link>
            </>
          ) : (
            <>
              <p className="text-slate-700">{t('auth.cancelChangeText')}</p>
              {cancel.isError && (
                <p role="alert" className="mt-2 text-red-700">
                  {t('auth.cancelChangeFailed')} {refusalMessage(cancel.error)}
                </p>
              )}
              <Button
                className="mt-4 w-full"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(token)}
              >
                {cancel.isPending ? t('auth.cancellingChange') : t('auth.cancelChangeButton')}
              </Button>
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
