import '../../lib/page-texts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MENTOR_PROFILE_LIMITS } from '../../../shared/limits';
import { useSchemas } from '../../lib/schemas';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, inputClasses, NewPasswordFields, TextAreaField } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import { useSignUp } from '../../data/sign-in';
import { useAfterSignUp } from '../../lib/config';
import { safeNext } from '../../lib/format';
import { currentLocale, messageKey } from '../../lib/i18n';
import { busyUntilLeft } from './busy';

type FieldErrors = Partial<Record<'email' | 'password' | 'displayName' | 'headline' | 'story', string>>;

export function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const afterSignUp = useAfterSignUp(next);
  const roleId = useId();
  const [role, setRole] = useState<'student' | 'mentor' | ''>('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const signUp = useSignUp({
    meta: { errorTitle: 'auth.signupFailed' },
    onSuccess: (user) => {
      toast({
        title: t('auth.accountCreated'),
        description: t('auth.accountCreatedText', { name: user.displayName }),
      });
      // What comes next: confirming the address the link went to (or changing one typed wrong), then `next`.
      navigate(afterSignUp(user), { replace: true });
    },
  });
  const busy = busyUntilLeft(signUp);

  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('confirmPassword'))) {
      toast({
        title: t('auth.passwordsDontMatch'),
        description: t('auth.passwordsDontMatchText'),
        variant: 'destructive',
      });
      return;
    }
    if (!role) {
      toast({ title: t('auth.selectRole'), description: t('auth.selectRoleText'), variant: 'destructive' });
      return;
    }
    void withSchemas(({ signupSchema }) => {
      const parsed = signupSchema.safeParse({
        email: form.get('email'),
        password,
        displayName: form.get('displayName'),
        role,
        locale: currentLocale(),
        headline: form.get('headline') ?? undefined,
        story: form.get('story') ?? undefined,
      });
      const found: FieldErrors = {};
      for (const issue of parsed.error?.issues ?? []) {
        const key = issue.path[0] as keyof FieldErrors;
        found[key] ??= t(messageKey(issue.message));
      }
      // The API lets a mentor sign up without it, but an admin verifies nobody who has not said it: asking now
      // saves the mentor a wait.
      if (role === 'mentor' && !String(form.get('headline') ?? '').trim())
        found.headline ??= t('validation.headlineRequired');
      setErrors(found);
      if (!parsed.success || Object.keys(found).length > 0) return;
      signUp.mutate(parsed.data);
    });
  };

  return (
    <Page title={t('auth.signupTitle')} lead={t('auth.signupSubtitle')} width="narrow">
      <Card>
        <form onSubmit={onSubmit} onFocus={preload} className="space-y-4" noValidate>
          <Field
            label={t('auth.displayName')}
            name="displayName"
            autoComplete="nickname"
            maxLength={60}
            required
            hint={t('auth.displayNameHint')}
            error={errors.displayName}
          />
          <Field
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            error={errors.email}
          />
          <div className="space-y-1">
            <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
              {t('auth.role')}
            </label>
            <select
              id={roleId}
              name="role"
              required
              value={role}
              onChange={(event) => setRole(event.target.value as 'student' | 'mentor' | '')}
              className={inputClasses}
            >
              <option value="">{t('auth.rolePlaceholder')}</option>
              <option value="student">{t('roles.student')}</option>
              <option value="mentor">{t('roles.mentor')}</option>
            </select>
          </div>
          {role === 'mentor' && (
            <fieldset className="space-y-4 rounded-lg border border-slate-300 p-4">
              <legend className="px-1 text-sm font-semibold text-slate-900">
                {t('mentorApplication.title')}
              </legend>
              <p className="text-sm text-slate-700">{t('mentorApplication.text')}</p>
              <Field
                label={t('mentorApplication.headline')}
                name="headline"
                maxLength={MENTOR_PROFILE_LIMITS.headlineMax}
                placeholder={t('mentorApplication.headlinePlaceholder')}
                required
                error={errors.headline}
              />
              <TextAreaField
                label={t('mentorApplication.story')}
                name="story"
                maxLength={MENTOR_PROFILE_LIMITS.storyMax}
                hint={t('mentorApplication.storyHint')}
                error={errors.story}
              />
            </fieldset>
          )}
          <NewPasswordFields
            label={t('auth.password')}
            confirmLabel={t('auth.confirmPassword')}
            hint={t('auth.password8')}
            error={errors.password}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? t('auth.creatingAccount') : t('auth.createAccount')}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-slate-700">
          {t('auth.haveAccount')}{' '}
          <Link
            to={next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`}
            className="font-medium text-brand-700 underline"
          >
            {t('auth.signInLink')}
          </Link>
        </p>
      </Card>
    </Page>
  );
}
