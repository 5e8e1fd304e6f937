import { useId, useState } from 'react';
import type { User } from '../../../shared/schemas/auth';
import { ChangeSent, EmailChangeForm } from '../../components/email-change-form';
import { ResendLinkButton } from '../../components/resend-link-button';
import { Card } from '../../components/ui/card';
import { useTranslation } from '../../lib/i18n';

/** The person's address on /profile: confirming it, and changing it (which waits for the new one's link). */

export function ConfirmEmailNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id={titleId} className="text-xl font-semibold text-amber-950">
        {t('profile.confirmEmailTitle')}
      </h2>
      <p className="mt-1 text-amber-950">{t('profile.confirmEmailText', { email: user.email })}</p>
      <ResendLinkButton
        email={user.email}
        label={t('profile.resend')}
        busyLabel={t('profile.resending')}
        className="mt-4"
      />
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
      {sent && <ChangeSent key={sent} text={sent} className="mt-4" />}
    </Card>
  );
}
