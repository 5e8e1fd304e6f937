import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Role } from '../../../shared/constants';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { usePublicConfig } from '../../lib/config';
import { safeNext } from '../../lib/format';

const DEMO_ROLES: { role: Role; label: string }[] = [
  { role: 'admin', label: 'auth.demoAdmin' },
  { role: 'mentor', label: 'auth.demoMentor' },
  { role: 'student', label: 'auth.demoStudent' },
];

export function LoginPage() {
  const { t } = useTranslation();
  const { signIn, demoSignIn } = useAuth();
  const { data: config } = usePublicConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [busy, setBusy] = useState<'form' | Role | null>(null);

  const welcome = (name: string) => {
    toast({ title: t('auth.welcome'), description: t('auth.welcomeText', { name }) });
    navigate(next, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy('form');
    try {
      const user = await signIn({ email: String(form.get('email')), password: String(form.get('password')) });
      welcome(user.displayName);
    } catch (error) {
      toast({ title: t('auth.loginFailed'), description: errorMessage(error), variant: 'destructive' });
      setBusy(null);
    }
  };

  const onDemo = async (role: Role) => {
    setBusy(role);
    try {
      welcome((await demoSignIn(role)).displayName);
    } catch (error) {
      toast({ title: t('auth.demoFailed'), description: errorMessage(error), variant: 'destructive' });
      setBusy(null);
    }
  };

  return (
    <Page title={t('auth.loginTitle')} lead={t('auth.loginSubtitle')} width="narrow">
      <Card>
        <form onSubmit={onSubmit} className="space-y-4">
          <Field label={t('auth.email')} name="email" type="email" autoComplete="email" required />
          <Field
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <Button type="submit" className="w-full" disabled={busy !== null}>
            {busy === 'form' ? t('auth.signingIn') : t('auth.signIn')}
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
              <Button
                key={role}
                variant="secondary"
                disabled={busy !== null}
                onClick={() => void onDemo(role)}
              >
                {busy === role ? t('auth.signingIn') : t(label)}
              </Button>
            ))}
          </div>
        </Card>
      )}
    </Page>
  );
}
