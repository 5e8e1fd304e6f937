import { useId } from 'react';
import { CATEGORIES } from '../../shared/categories';
import { AUS_STATES } from '../../shared/directory';
import { mentorLanguageName, MENTOR_LANGUAGES } from '../../shared/schemas/languages';
import type { MentorFilters } from '../data/mentors';
import { useTranslation } from '../lib/i18n';
import { SelectField } from './ui/field';

/** Topic, language and state: the mentors directory's filters, also offered when a student starts a chat. */
export function MentorFilterFields({
  filters,
  onChange,
}: {
  filters: MentorFilters;
  onChange: (next: MentorFilters) => void;
}) {
  const { t, locale } = useTranslation();
  const id = useId();
  const set = (key: keyof MentorFilters) => (value: string) =>
    onChange({ ...filters, [key]: value === '' ? undefined : value });
  return (
    <>
      <SelectField
        id={`${id}-topic`}
        label={t('mentors.topic')}
        value={filters.topic ?? ''}
        onChange={set('topic')}
      >
        <option value="">{t('mentors.allTopics')}</option>
        {CATEGORIES.map((category) => (
          <option key={category.slug} value={category.slug}>
            {category.name[locale]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-language`}
        label={t('mentors.language')}
        value={filters.language ?? ''}
        onChange={set('language')}
      >
        <option value="">{t('mentors.allLanguages')}</option>
        {MENTOR_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {mentorLanguageName(code, locale)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-state`}
        label={t('mentors.state')}
        value={filters.state ?? ''}
        onChange={set('state')}
      >
        <option value="">{t('government.allStates')}</option>
        {AUS_STATES.map((state) => (
          <option key={state} value={state}>
            {t(`help.states.${state}`)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
