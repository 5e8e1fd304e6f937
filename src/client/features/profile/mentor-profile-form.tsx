import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../shared/categories';
import { AUS_STATES } from '../../../shared/directory';
import type { User } from '../../../shared/schemas/auth';
import { australianToday } from '../../../shared/australian-date';
import type { MentorProfile } from '../../../shared/schemas/mentors';
import { MENTOR_LIMITS } from '../../../shared/limits';
import { MENTOR_LANGUAGES, mentorLanguageName } from '../../../shared/schemas/languages';
import { useSchemas } from '../../lib/schemas';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { Card, Skeleton } from '../../components/ui/card';
import { Field, SelectField, TextAreaField } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';
import { ownMentorProfileQuery, useUpdateMentorProfile } from '../../data/mentors';
import { toast } from '../../lib/toast';

/** A group of checkboxes, one per choice, under a legend. */
function Choices({
  legend,
  name,
  choices,
  selected,
}: {
  legend: string;
  name: string;
  choices: { value: string; label: string }[];
  selected: string[];
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={selected.includes(choice.value)}
              className="h-5 w-5 accent-brand-700"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function ProfileForm({ profile, user }: { profile: MentorProfile; user: User }) {
  const { t, locale } = useTranslation();
  const ids = useId();
  const [away, setAway] = useState(profile.awayUntil !== null);
  const [state, setState] = useState(profile.state ?? '');
  const save = useUpdateMentorProfile({
    meta: { errorTitle: 'mentors.edit.saveFailed' },
    onSuccess: () => toast({ title: t('mentors.edit.saved') }),
  });

  const { preload, withSchemas } = useSchemas('mentors');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    void withSchemas(({ mentorProfileUpdateSchema }) => {
      const parsed = mentorProfileUpdateSchema.safeParse({
        headline: text('headline'),
        story: text('story'),
        topics: form.getAll('topics').map(String),
        languages: form.getAll('languages').map(String),
        countryPath: text('countryPath'),
        state: state || null,
        city: text('city'),
        awayUntil: away ? text('awayUntil') : null,
        capacity: Number(text('capacity')),
        showsLastActive: form.get('showsLastActive') === 'on',
      });
      if (!parsed.success) return toastInvalid('mentors.edit.saveFailed', parsed.error);
      save.mutate(parsed.data);
    });
  };

  return (
    <form onSubmit={onSubmit} onFocus={preload} noValidate className="mt-4 space-y-5">
      <Field
        label={t('mentors.edit.headline')}
        hint={t('mentors.edit.headlineHint')}
        name="headline"
        defaultValue={profile.headline ?? ''}
        maxLength={MENTOR_LIMITS.headlineMax}
        required
      />
      <TextAreaField
        label={t('mentors.edit.story')}
        hint={t('mentors.edit.storyHint')}
        name="story"
        defaultValue={profile.story ?? ''}
        maxLength={MENTOR_LIMITS.storyMax}
      />
      <Choices
        legend={t('mentors.edit.topics')}
        name="topics"
        choices={CATEGORIES.map((c) => ({ value: c.slug, label: c.name[locale] }))}
        selected={profile.topics}
      />
      <Choices
        legend={t('mentors.edit.languages')}
        name="languages"
        choices={MENTOR_LANGUAGES.map((code) => ({ value: code, label: mentorLanguageName(code, locale) }))}
        selected={profile.languages}
      />
      <Field
        label={t('mentors.edit.countryPath')}
        hint={t('mentors.edit.countryPathHint')}
        name="countryPath"
        defaultValue={profile.countryPath ?? ''}
        maxLength={MENTOR_LIMITS.countryPathMax}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${ids}-state`} label={t('mentors.edit.state')} value={state} onChange={setState}>
          <option value="">{t('mentors.edit.noState')}</option>
          {AUS_STATES.map((code) => (
            <option key={code} value={code}>
              {t(`help.states.${code}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={t('mentors.edit.city')}
          name="city"
          defaultValue={profile.city ?? ''}
          maxLength={MENTOR_LIMITS.cityMax}
          autoComplete="address-level2"
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('mentors.edit.availability')}</legend>
        <div className="mt-2 space-y-2">
          <label className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="radio"
              name="availability"
              checked={!away}
              onChange={() => setAway(false)}
              className="h-5 w-5 accent-brand-700"
            />
            {t('mentors.edit.availabilityOpen')}
          </label>
          <label className="flex min-h-11 items-center gap-2 text-slate-900">
            <input
              type="radio"
              name="availability"
              checked={away}
              onChange={() => setAway(true)}
              className="h-5 w-5 accent-brand-700"
            />
            {t('mentors.edit.availabilityAway')}
          </label>
        </div>
        {away && (
          <Field
            className="mt-2 max-w-xs"
            label={t('mentors.edit.awayUntil')}
            type="date"
            name="awayUntil"
            min={australianToday()}
            defaultValue={profile.awayUntil ?? ''}
            required
          />
        )}
      </fieldset>
      <Field
        className="max-w-xs"
        label={t('mentors.edit.capacity')}
        hint={t('mentors.edit.capacityHint')}
        type="number"
        name="capacity"
        inputMode="numeric"
        min={MENTOR_LIMITS.capacityMin}
        max={MENTOR_LIMITS.capacityMax}
        defaultValue={profile.capacity}
      />
      <div>
        <label className="flex min-h-11 items-center gap-2 text-slate-900">
          <input
            type="checkbox"
            name="showsLastActive"
            defaultChecked={profile.showsLastActive}
            aria-describedby={`${ids}-last-active-hint`}
            className="h-5 w-5 accent-brand-700"
          />
          {t('mentors.edit.showsLastActive')}
        </label>
        <p id={`${ids}-last-active-hint`} className="text-sm text-slate-600">
          {t('mentors.edit.showsLastActiveHint')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('mentors.edit.saving') : t('mentors.edit.save')}
        </Button>
        {user.mentorVerified && (
          <Link to={`/mentors/${user.id}`} className="font-medium text-brand-800 underline">
            {t('mentors.edit.viewPublic')}
          </Link>
        )}
      </div>
    </form>
  );
}

/** A mentor's profile as students see it, which they edit here. */
export function MentorProfileCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const query = useQuery(ownMentorProfileQuery());
  return (
    <Card>
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="text-xl font-semibold">
          {t('mentors.edit.title')}
        </h2>
        <p className="mt-1 text-slate-700">{t('mentors.edit.intro')}</p>
        {query.data && !query.data.complete && (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
            {t('mentors.edit.incomplete')}
          </p>
        )}
        {query.data ? (
          <ProfileForm profile={query.data} user={user} />
        ) : query.isError ? (
          <p role="alert" className="mt-3 text-red-700">
            {query.error.message}
          </p>
        ) : (
          <Skeleton className="mt-4 h-40 w-full" />
        )}
      </section>
    </Card>
  );
}
