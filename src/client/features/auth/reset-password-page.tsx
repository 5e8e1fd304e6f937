import '../../lib/page-texts';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSchemas } from '../../lib/schemas';
import { Page } from '../../components/page';
import { buttonClasses, Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { NewPasswordFields } from '../../components/ui/field';
import { refusalCode, refusalMessage, useConfirmPasswordReset } from '../../data/account';
import { cn } from '../../lib/cn';
import { messageKey, useTranslation } from '../../lib/i18n';
import { focusWhenShown } from '../../lib/focus';
import { useLinkToken } from '../../lib/link-token';

type FieldErrors = { password?: string; confirmPassword?: string };

/** Where a link to choose a new password leads: the new password, then Sign In. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useConfirmPasswordReset();
  const code = refusalCode(reset.error);
  // The server's own rule beyond the length (a common password) belongs to the field, like the length does.
  const passwordError =
    errors.password ?? (code === 'COMMON_PASSWORD' ? refusalMessage(reset.error) : undefined);
  const formError = reset.isError && code !== 'COMMON_PASSWORD' ? refusalMessage(reset.error) : undefined;

  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const password = String(data.get('password') ?? '');
    const focus = (name: keyof FieldErrors) =>
      (form.elements.namedItem(name) as HTMLInputElement | null)?.focus();
    reset.reset();
    void withSchemas(({ newPasswordSchema }) => {
      const parsed = newPasswordSchema.safeParse(password);
      if (!parsed.success) {
        setErrors({ password: t(messageKey(parsed.error.issues[0]?.message)) });
        return focus('password');
      }
      if (password !== String(data.get('confirmPassword') ?? '')) {
        setErrors({ confirmPassword: t('auth.passwordsDontMatchText') });
        return focus('confirmPassword');
      }
      setErrors({});
      reset.mutate(
        { token, password },
        { onError: (error) => refusalCode(error) === 'COMMON_PASSWORD' && focus('password') },
      );
    });
  };

  if (reset.isSuccess)
    return (
      <Page title={t('auth.resetTitle')} width="narrow">
        <Card>
          <p ref={focusWhenShown} tabIndex={-1} className="text-slate-800 outline-none">
            {t('auth.resetDone')}
          </p>
          <Link to="/login" className={cn(buttonClasses('primary'), 'mt-4 w-full')}>
            {t('auth.signIn')}
          </Link>
        </Card>
      </Page>
    );

  if (!token || code === 'RESET_TOKEN_INVALID')
    return (
      <Page title={t('auth.resetTitle')} width="narrow">
        <Card>
          {/* Focus moves here only when a sent form turned out to have a dead link, not when the page opens so. */}
          <p
            ref={token ? focusWhenShown : undefined}
            tabIndex={-1}
            className="font-semibold text-slate-900 outline-none"
          >
            {t('auth.resetInvalid')}
          </p>
          <p className="mt-2 text-slate-700">{t('auth.resetInvalidText')}</p>
          <Link to="/forgot-password" className={cn(buttonClasses('primary'), 'mt-4 w-full')}>
            {t('auth.getNewLink')}
          </Link>
        </Card>
      </Page>
    );

  return (
    <Page title={t('auth.resetTitle')} lead={t('auth.resetSubtitle')} width="narrow">
      <Card>
        <form onSubmit={onSubmit} onFocus={preload} className="space-y-4" noValidate>
          <NewPasswordFields
            label={t('auth.newPassword')}
            confirmLabel={t('auth.confirmNewPassword')}
            hint={t('auth.password8')}
            error={passwordError}
            confirmError={errors.confirmPassword}
          />
          {formError && (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? t('auth.savingPassword') : t('auth.savePassword')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
