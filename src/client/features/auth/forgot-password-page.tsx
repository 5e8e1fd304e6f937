import '../../lib/page-texts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSchemas } from '../../lib/schemas';
import { Page } from '../../components/page';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { refusalMessage, useRequestPasswordReset } from '../../data/account';
import { cn } from '../../lib/cn';
import { messageKey, useTranslation } from '../../lib/i18n';
import { focusWhenShown } from '../../lib/focus';

/** Asks for a link to choose a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [fieldError, setFieldError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const request = useRequestPasswordReset({ onSuccess: (_answer, input) => setSentTo(input.email) });

  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    void withSchemas(({ passwordResetRequestSchema }) => {
      const parsed = passwordResetRequestSchema.safeParse({ email: new FormData(form).get('email') });
      if (!parsed.success) {
        setFieldError(t(messageKey(parsed.error.issues[0]?.message)));
        (form.elements.namedItem('email') as HTMLInputElement | null)?.focus();
        return;
      }
      setFieldError(undefined);
      request.mutate(parsed.data);
    });
  };

  return (
    <Page title={t('auth.forgotTitle')} lead={t('auth.forgotSubtitle')} width="narrow">
      <Card>
        {sentTo ? (
          <>
            {/* The same words whether or not the address has an account: the page must not tell. */}
            <p ref={focusWhenShown} tabIndex={-1} className="text-slate-800 outline-none">
              {t('auth.forgotSent', { email: sentTo })}
            </p>
            <Link to="/login" className={cn(buttonClasses('primary'), 'mt-4 w-full')}>
              {t('auth.backToSignIn')}
            </Link>
          </>
        ) : (
          <>
            <form onSubmit={onSubmit} onFocus={preload} className="space-y-4" noValidate>
              <Field
                label={t('auth.email')}
                name="email"
                type="email"
                autoComplete="email"
                required
                error={fieldError}
              />
              {request.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {refusalMessage(request.error)}
                </p>
              )}
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? t('auth.sendingLink') : t('auth.sendLink')}
              </Button>
            </form>
            <p className="mt-4 text-center text-sm text-slate-700">
              <Link to="/login" className="font-medium text-brand-700 underline">
                {t('auth.backToSignIn')}
              </Link>
            </p>
          </>
        )}
      </Card>
    </Page>
  );
}
