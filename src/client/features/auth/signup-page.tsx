import { Select } from 'radix-ui';
import { Check, ChevronDown } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signupSchema } from '../../../shared/schemas/auth';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, inputClasses } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { safeNext } from '../../lib/format';
import { currentLocale } from '../../lib/i18n';

type FieldErrors = Partial<Record<'email' | 'password' | 'displayName', string>>;

export function SignupPage() {
  const { t } = useTranslation();
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const roleLabelId = useId();
  const [role, setRole] = useState<'student' | 'mentor' | ''>('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
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
    const parsed = signupSchema.safeParse({
      email: form.get('email'),
      password,
      displayName: form.get('displayName'),
      role,
      locale: currentLocale(),
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof FieldErrors;
        found[key] ??= t(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await signUp(parsed.data);
      toast({
        title: t('auth.accountCreated'),
        description: t('auth.accountCreatedText', { name: user.displayName }),
      });
      navigate(next, { replace: true });
    } catch (error) {
      toast({ title: t('auth.signupFailed'), description: errorMessage(error), variant: 'destructive' });
      setBusy(false);
    }
  };

  return (
    <Page title={t('auth.signupTitle')} lead={t('auth.signupSubtitle')} width="narrow">
      <Card>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
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
            <span id={roleLabelId} className="block text-sm font-medium text-slate-800">
              {t('auth.role')}
            </span>
            <Select.Root
              value={role}
              onValueChange={(value) => setRole(value as 'student' | 'mentor')}
              required
            >
              <Select.Trigger
                aria-labelledby={roleLabelId}
                className={cn(inputClasses, 'flex items-center justify-between text-left')}
              >
                <Select.Value placeholder={t('auth.rolePlaceholder')} />
                <Select.Icon>
                  <ChevronDown aria-hidden="true" className="h-4 w-4" />
                </Select.Icon>
              </Select.Trigger>
              <Select.Portal>
                <Select.Content
                  position="popper"
                  sideOffset={4}
                  className="z-50 w-[var(--radix-select-trigger-width)] rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
                >
                  <Select.Viewport>
                    {(['student', 'mentor'] as const).map((value) => (
                      <Select.Item
                        key={value}
                        value={value}
                        className="flex cursor-pointer items-center justify-between rounded-md px-3 py-2 outline-none data-[highlighted]:bg-slate-100"
                      >
                        <Select.ItemText>{t(`roles.${value}`)}</Select.ItemText>
                        <Select.ItemIndicator>
                          <Check aria-hidden="true" className="h-4 w-4" />
                        </Select.ItemIndicator>
                      </Select.Item>
                    ))}
                  </Select.Viewport>
                </Select.Content>
              </Select.Portal>
            </Select.Root>
          </div>
          <Field
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            hint={t('auth.password8')}
            error={errors.password}
          />
          <Field
            label={t('auth.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
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
