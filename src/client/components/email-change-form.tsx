import { useState, type FormEvent } from 'react';
import type { User } from '../../shared/schemas/auth';
import { refusalCode, refusalMessage, useChangeEmail } from '../data/account';
import { cn } from '../lib/cn';
import { focusWhenShown } from '../lib/focus';
import { messageKey, useTranslation } from '../lib/i18n';
import { useSchemas } from '../lib/schemas';
import { toast } from '../lib/toast';
import { Button } from './ui/button';
import { Field } from './ui/field';

type EmailErrors = { email?: string; currentPassword?: string };

/** Which field a refusal of the new email is about; none for the rest (no email service, too many tries). */
function refusedField(error: unknown): keyof EmailErrors | undefined {
  const code = refusalCode(error);
  if (code === 'WRONG_PASSWORD') return 'currentPassword';
  // The address the account already has (a VALIDATION answer); before the address is confirmed, one another
  // account has (EMAIL_TAKEN). Afterwards a taken one is answered as a free one.
  if (code === 'VALIDATION' || code === 'EMAIL_TAKEN') return 'email';
  return undefined;
}

/** The words of the form where it is used: the profile's, or the step after sign-up's. */
export type EmailChangeTexts = {
  newEmail: string;
  password: string;
  submit: string;
  busy: string;
  failed: string;
};

/**
 * A new address for the account, with the current password (`PATCH /api/auth/me`). `onSent` hears the address and
 * the account as the server answered: the address is the account's at once when the old one was never confirmed,
 * else a link to it waits to be opened.
 */
export function EmailChangeForm({
  texts,
  labelledBy,
  onSent,
}: {
  texts: EmailChangeTexts;
  labelledBy: string;
  onSent: (email: string, user: User) => void;
}) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<EmailErrors>({});
  const change = useChangeEmail();
  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const focus = (name: keyof EmailErrors) =>
      (formElement.elements.namedItem(name) as HTMLInputElement | null)?.focus();
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
          onSuccess: (user) => {
            formElement.reset();
            onSent(email.data, user);
          },
          onError: (error) => {
            const field = refusedField(error);
            if (field) {
              setErrors({ [field]: refusalMessage(error) });
              return focus(field);
            }
            toast({ title: texts.failed, description: refusalMessage(error), variant: 'destructive' });
          },
        },
      );
    });
  };
  return (
    <form aria-labelledby={labelledBy} onSubmit={onSubmit} onFocus={preload} className="space-y-4" noValidate>
      <Field
        label={texts.newEmail}
        name="email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <Field
        label={texts.password}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
      />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? texts.busy : texts.submit}
      </Button>
    </form>
  );
}

/**
 * What a sent change says: focused and read out, so the keyboard goes on from it. Keyed by its text where it is
 * used, so a second change is focused and read again.
 */
export function ChangeSent({ text, className }: { text: string; className?: string }) {
  return (
    <p
      ref={focusWhenShown}
      tabIndex={-1}
      role="status"
      className={cn('rounded-lg bg-brand-50 px-4 py-3 text-slate-900 outline-none', className)}
    >
      {text}
    </p>
  );
}
