import { useId, useState } from 'react';
import type { User } from '../../../shared/schemas/auth';
import { EmailChangeForm } from '../../components/email-change-form';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useResendVerification } from '../../lib/account';
import { focusWhenShown } from '../../lib/focus';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** The person's address on /profile: confirming it, and changing it (which waits for the new one's link). */

export function ConfirmEmailNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const resend = useResendVerification({
    meta: { errorTitle: 'profile.resendFailed' },
    onSuccess: () => toast({ title: t('profile.resent', { email: user.email }) }),
  });
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id={titleId} className="text-xl font-semibold text-amber-950">
        {t('profile.confirmEmailTitle')}
      </h2>
      <p className="mt-1 text-amber-950">{t('profile.confirmEmailText', { email: user.email })}</p>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? t('profile.resending') : t('profile.resend')}
      </Button>
    </section>
  );
}

export function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [sent, setSent] = useState<string>();
  return (
    <Card>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('profile.emailTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('profile.emailText', { email: user.email })}</p>
      <div className="mt-4">
        <EmailChangeForm
          labelledBy={titleId}
          texts={{
            newEmail: t('profile.newEmail'),
            password: t('profile.currentPassword'),
            submit: t('profile.changeEmail'),
            busy: t('profile.changingEmail'),
            failed: t('profile.emailChangeFailed'),
          }}
          // An address never confirmed is replaced at once; a confirmed one waits for the new one's link.
          onSent={(email, changed) =>
            setSent(
              changed.email === email
                ? t('checkEmail.changed', { email })
                : t('profile.emailChangeSent', { email }),
            )
          }
        />
      </div>
      {sent && (
        <p
          key={sent}
          ref={focusWhenShown}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-slate-900 outline-none"
        >
          {sent}
        </p>
      )}
    </Card>
  );
}
