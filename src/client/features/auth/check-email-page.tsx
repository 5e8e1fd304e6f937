import '../../lib/page-texts';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChangeSent, EmailChangeForm } from '../../components/email-change-form';
import { Page } from '../../components/page';
import { ResendLinkButton } from '../../components/resend-link-button';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { focusWhenShown } from '../../lib/focus';
import { safeNext } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';

/** "Wrong address?": opens a form for the right one, which replaces the address at once (it was never confirmed). */
function WrongAddress() {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [changedTo, setChangedTo] = useState<string>();
  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-slate-200 pt-6">
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('checkEmail.wrongTitle')}
      </h2>
      {changedTo && (
        <ChangeSent key={changedTo} text={t('checkEmail.changed', { email: changedTo })} className="mt-2" />
      )}
      {open ? (
        <div className="mt-2 space-y-4">
          {/* The button has gone: the keyboard goes on from what replaced it. */}
          <p ref={focusWhenShown} tabIndex={-1} className="text-slate-700 outline-none">
            {t('checkEmail.changeText')}
          </p>
          <EmailChangeForm
            labelledBy={titleId}
            texts={{
              newEmail: t('checkEmail.newEmail'),
              password: t('checkEmail.password'),
              submit: t('checkEmail.submit'),
              busy: t('checkEmail.changing'),
              failed: t('checkEmail.changeFailed'),
            }}
            onSent={(email) => {
              setOpen(false);
              setChangedTo(email);
            }}
          />
        </div>
      ) : (
        <Button variant="secondary" className="mt-2" onClick={() => setOpen(true)}>
          {t('checkEmail.change')}
        </Button>
      )}
    </section>
  );
}

/**
 * The step after sign-up: the address the link went to, sending it again, and changing an address typed wrong.
 * Confirmed meanwhile (the link opened in another tab, which tells this one), it says so. Going on needs neither.
 */
export function CheckEmailPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  if (!user) return null;
  const confirmed = user.emailVerified;
  return (
    <Page title={t('checkEmail.title')} lead={confirmed ? undefined : t('checkEmail.lead')} width="narrow">
      <Card>
        {/* Confirmed in another tab: the change is read out where the address was. */}
        <div aria-live="polite">
          {confirmed ? (
            <p className="font-semibold text-slate-900">{t('checkEmail.confirmed', { email: user.email })}</p>
          ) : (
            <>
              <p className="font-semibold text-slate-900 wrap-anywhere">
                {t('checkEmail.sent', { email: user.email })}
              </p>
              <p className="mt-2 text-slate-700">{t('checkEmail.wait')}</p>
              <p className="mt-2 text-slate-700">{t('checkEmail.why')}</p>
            </>
          )}
        </div>
        {!confirmed && (
          <>
            <ResendLinkButton
              email={user.email}
              label={t('checkEmail.resend')}
              busyLabel={t('checkEmail.resending')}
              className="mt-4"
            />
            <WrongAddress />
          </>
        )}
        <Link to={next} replace className={cn(buttonClasses(confirmed ? 'primary' : 'ghost'), 'mt-6 w-full')}>
          {confirmed ? t('checkEmail.continue') : t('checkEmail.later')}
        </Link>
      </Card>
    </Page>
  );
}
