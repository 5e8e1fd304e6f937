import { useId, type FormEvent } from 'react';
import type { Locale } from '../../../shared/constants';
import { AUS_STATES } from '../../../shared/directory';
import type { User } from '../../../shared/schemas/auth';
import { LanguageOptions } from '../../components/in-language';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, inputClasses } from '../../components/ui/field';
import { useUpdateProfile } from '../../data/account';
import { currentLocale, setLanguage, useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

type AusStateCode = (typeof AUS_STATES)[number];

/** The person's name, language and (for members who are not mentors) the state they live in. */
export function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const languageId = useId();
  const stateId = useId();
  const stateHintId = useId();
  // A mentor says where they live on their mentor profile, below; everyone else here.
  const asksState = user.role !== 'mentor';
  const save = useUpdateProfile({
    meta: { errorTitle: 'profile.saveFailed' },
    onSuccess: (_user, input) => {
      setLanguage(input.locale);
      toast({ title: t('profile.saved') });
    },
  });
  const busy = save.isPending;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const state = String(form.get('state') ?? '');
    save.mutate({
      displayName: String(form.get('displayName')),
      locale: String(form.get('locale')) as Locale,
      ...(asksState && { state: state ? (state as AusStateCode) : null }),
    });
  };
  return (
    <Card>
      <h2 className="text-xl font-semibold">{t('profile.detailsTitle')}</h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          label={t('profile.displayName')}
          name="displayName"
          defaultValue={user.displayName}
          maxLength={60}
          required
          autoComplete="nickname"
        />
        <div className="space-y-1">
          <label htmlFor={languageId} className="block text-sm font-medium text-slate-800">
            {t('profile.language')}
          </label>
          <select id={languageId} name="locale" defaultValue={currentLocale()} className={inputClasses}>
            <LanguageOptions />
          </select>
        </div>
        {asksState && (
          <div className="space-y-1">
            <label htmlFor={stateId} className="block text-sm font-medium text-slate-800">
              {t('profile.state')}
            </label>
            <select
              id={stateId}
              name="state"
              defaultValue={user.state ?? ''}
              aria-describedby={stateHintId}
              className={inputClasses}
            >
              <option value="">{t('profile.stateNone')}</option>
              {AUS_STATES.map((code) => (
                <option key={code} value={code}>
                  {t(`help.states.${code}`)}
                </option>
              ))}
            </select>
            <p id={stateHintId} className="text-sm text-slate-600">
              {t('profile.stateHint')}
            </p>
          </div>
        )}
        <Button type="submit" disabled={busy}>
          {busy ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
    </Card>
  );
}
