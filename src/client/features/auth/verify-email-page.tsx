import '../../lib/page-texts';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useEmailLink, useResendVerification } from '../../data/account';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useLinkToken } from '../../lib/link-token';

const primaryLink = cn(buttonClasses('primary'), 'mt-4 w-full');

/** What a person can do about a link that no longer works: a new one if they are signed in, else sign in first. */
function NewLinkOffer() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const resend = useResendVerification({
    meta: { errorTitle: 'auth.resendFailed' },
    onSuccess: () => toast({ title: t('auth.linkResent', { email: user?.email ?? '' }) }),
  });
  if (!user)
    return (
      <>
        <p className="mt-2 text-slate-700">{t('auth.verifySignIn')}</p>
        <Link to={`/login?next=${encodeURIComponent('/profile')}`} className={primaryLink}>
          {t('auth.signIn')}
        </Link>
      </>
    );
  // Already confirmed (a second click on an old link): a new link could only be for a new address, on the profile.
  if (user.emailVerified)
    return (
      <Link to="/profile" className={primaryLink}>
        {t('auth.openProfile')}
      </Link>
    );
  return (
    <Button className="mt-4 w-full" disabled={resend.isPending} onClick={() => resend.mutate()}>
      {resend.isPending ? t('auth.resendingLink') : t('auth.resendLink')}
    </Button>
  );
}

/** Where a link that confirms an email leads: it is checked at once, and the page says how that went. */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const { state, retry } = useEmailLink(token);

  return (
    <Page title={t('auth.verifyTitle')} width="narrow">
      <Card>
        {/* The check runs while the person waits: its outcome is read out as it replaces "Checking". */}
        <div aria-live="polite" aria-busy={state.status === 'checking'}>
          {state.status === 'checking' && <p className="text-slate-700">{t('auth.verifyChecking')}</p>}
          {state.status === 'confirmed' && (
            <>
              <p className="font-semibold text-slate-900">{t('auth.verifyDone', { email: state.email })}</p>
              <Link to="/" className={primaryLink}>
                {t('auth.goToFeed')}
              </Link>
            </>
          )}
          {state.status === 'invalid' && (
            <>
              <p className="font-semibold text-slate-900">{t('auth.verifyInvalid')}</p>
              <p className="mt-2 text-slate-700">{t('auth.verifyInvalidText')}</p>
              <NewLinkOffer />
            </>
          )}
          {state.status === 'failed' && (
            <>
              <p className="font-semibold text-slate-900">{t('auth.verifyFailed')}</p>
              <p role="alert" className="mt-2 text-red-700">
                {state.message}
              </p>
              {state.canRetry ? (
                <Button className="mt-4 w-full" onClick={retry}>
                  {t('common.retry')}
                </Button>
              ) : (
                <Link to="/" className={primaryLink}>
                  {t('auth.goToFeed')}
                </Link>
              )}
            </>
          )}
        </div>
      </Card>
    </Page>
  );
}
