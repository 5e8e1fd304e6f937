import '../../lib/page-texts';
import type { FormEvent } from 'react';
import { i18n, useTranslation, type MessageKey } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Role } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/auth';
import { useSchemas } from '../../lib/schemas';
import { toastInvalid } from '../../components/invalid-input';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import { useDemoSignIn, useSignIn } from '../../data/sign-in';
import { usePublicConfig } from '../../lib/config';
import { safeNext } from '../../lib/format';
import { busyUntilLeft } from './busy';

const DEMO_ROLES: { role: Role; label: MessageKey }[] = [
  { role: 'admin', label: 'auth.demoAdmin' },
  { role: 'mentor', label: 'auth.demoMentor' },
  { role: 'student', label: 'auth.demoStudent' },
];

export function LoginPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  // In the language the page has now: signing in may have switched it to the account's.
  const welcome = (user: User) => {
    toast({
      title: i18n.t('auth.welcome'),
      description: i18n.t('auth.welcomeText', { name: user.displayName }),
    });
    navigate(next, { replace: true });
  };
  const signIn = useSignIn({ meta: { errorTitle: 'auth.loginFailed' }, onSuccess: welcome });
  const demo = useDemoSignIn({ meta: { errorTitle: 'auth.demoFailed' }, onSuccess: welcome });
  const working = busyUntilLeft(signIn) || busyUntilLeft(demo);

  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void withSchemas(({ signinSchema }) => {
      const parsed = signinSchema.safeParse({ email: form.get('email'), password: form.get('password') });
      if (!parsed.success) return toastInvalid('auth.loginFailed', parsed.error);
      signIn.mutate(parsed.data);
    });
  };

  return (
    <Page title={t('auth.loginTitle')} lead={t('auth.loginSubtitle')} width="narrow">
      <Card>
        <form onSubmit={onSubmit} onFocus={preload} className="space-y-4">
          <Field label={t('auth.email')} name="email" type="email" autoComplete="email" required />
          <Field
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <p className="-mt-2 text-right text-sm">
            <Link to="/forgot-password" className="font-medium text-brand-700 underline">
              {t('auth.forgotPassword')}
            </Link>
          </p>
          <Button type="submit" className="w-full" disabled={working}>
            {busyUntilLeft(signIn) ? t('auth.signingIn') : t('auth.signIn')}
          </Button>
        </form>
        <p className="mt-4 text-center text-sm text-slate-700">
          {t('auth.noAccount')}{' '}
          <Link
            to={next === '/' ? '/signup' : `/signup?next=${encodeURIComponent(next)}`}
            className="font-medium text-brand-700 underline"
          >
            {t('auth.createOne')}
          </Link>
        </p>
      </Card>
      {config?.demoSignIn && (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('auth.demoTitle')}</h2>
          <p className="mt-1 text-sm text-slate-700">{t('auth.demoText')}</p>
          <div className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {DEMO_ROLES.map(({ role, label }) => (
              <Button key={role} variant="secondary" disabled={working} onClick={() => demo.mutate({ role })}>
                {busyUntilLeft(demo) && demo.variables?.role === role ? t('auth.signingIn') : t(label)}
              </Button>
            ))}
          </div>
        </Card>
      )}
    </Page>
  );
}
