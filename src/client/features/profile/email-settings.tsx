import { useId, useState, type FormEvent } from 'react';
import type { User } from '../../../shared/schemas/auth';
import { useSchemas } from '../../lib/schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { refusalCode, refusalMessage, useChangeEmail, useResendVerification } from '../../lib/account';
import { focusWhenShown } from '../../lib/focus';
import { messageKey, useTranslation } from '../../lib/i18n';
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

type EmailErrors = { email?: string; currentPassword?: string };

/** Which field a refusal of the new email is about; none for the rest (no email service, too many tries). */
function refusedField(error: unknown): keyof EmailErrors | undefined {
  const code = refusalCode(error);
  if (code === 'WRONG_PASSWORD') return 'currentPassword';
  // The address the account already has (a VALIDATION answer). A taken one is answered as a free one.
  if (code === 'VALIDATION') return 'email';
  return undefined;
}

export function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [errors, setErrors] = useState<EmailErrors>({});
  const [sentTo, setSentTo] = useState<string>();
  const change = useChangeEmail();
  const busy = change.isPending;
  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const focus = (name: keyof EmailErrors) =>
      (formElement.elements.namedItem(name) as HTMLInputElement | null)?.focus();
    setSentTo(undefined);
    void withSchemas(({ emailSchema }) => {
      const email = emailSchema.safeParse(form.get('email'));
      const currentPassword = String(form.get('currentPassword') ?? '');
      const found: EmailErrors = {};
      if (!email.success) found.email = t(messageKey(email.error.issues[0]?.message));
      if (!currentPassword) found.currentPassword = t('validation.passwordRequired');
      setErrors(found);
      if (!email.success || found.currentPassword) return focus(found.email ? 'email' : 'currentPassword');
      change.mutate(
        { email: email.data, currentPassword },
        {
          onSuccess: () => {
            formElement.reset();
            setSentTo(email.data);
          },
          onError: (error) => {
            const field = refusedField(error);
            if (field) {
              setErrors({ [field]: refusalMessage(error) });
              return focus(field);
            }
            toast({
              title: t('profile.emailChangeFailed'),
              description: refusalMessage(error),
              variant: 'destructive',
            });
          },
        },
      );
    });
  };
  return (
    <Card>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('profile.emailTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('profile.emailText', { email: user.email })}</p>
      <form
        aria-labelledby={titleId}
        onSubmit={onSubmit}
        onFocus={preload}
        className="mt-4 space-y-4"
        noValidate
      >
        <Field
          label={t('profile.newEmail')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <Field
          label={t('profile.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('profile.changingEmail') : t('profile.changeEmail')}
        </Button>
      </form>
      {sentTo && (
        <p
          ref={focusWhenShown}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-slate-900 outline-none"
        >
          {t('profile.emailChangeSent', { email: sentTo })}
        </p>
      )}
    </Card>
  );
}
