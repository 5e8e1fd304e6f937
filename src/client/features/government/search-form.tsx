import type { FormEvent } from 'react';
import { GOVERNMENT_CATEGORIES } from '../../../shared/directory';
import { StateSelect } from '../../components/find-help';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, SelectField } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';
import type { GovernmentSearch } from './use-government-search';

type SearchFormProps = {
  value: GovernmentSearch;
  onChange: (value: GovernmentSearch) => void;
  onSubmit: () => void;
  /** The server's word on the postcode. */
  error: string | undefined;
};

/**
 * The page's one search: words (Enter searches), a category, and where: a state or a postcode. Choosing one of the
 * two clears the other, so what is searched is what is on screen. Short enough that the results start on a
 * phone's first screens.
 */
export function GovernmentSearchForm({ value, onChange, onSubmit, error }: SearchFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Card className="p-4">
      <h2 id="government-search" className="text-lg font-semibold text-slate-900">
        {t('government.searchTitle')}
      </h2>
      <form onSubmit={submit} className="mt-3 space-y-3" role="search" aria-labelledby="government-search">
        <Field
          label={t('government.keyword')}
          placeholder={t('government.keywordPlaceholder')}
          value={value.keyword}
          maxLength={200}
          onChange={(event) => onChange({ ...value, keyword: event.target.value })}
          enterKeyHint="search"
        />
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto]">
          <SelectField
            id="government-category"
            label={t('government.category')}
            value={value.category}
            onChange={(category) => onChange({ ...value, category })}
          >
            <option value="all">{t('government.allCategories')}</option>
            {GOVERNMENT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`help.categories.${category}`)}
              </option>
            ))}
          </SelectField>
          <StateSelect
            id="government-state"
            value={value.state}
            onChange={(state) =>
              onChange({ ...value, state, postcode: state === 'all' ? value.postcode : '' })
            }
          />
          {/* The postcode and the button share a row: four digits need little room. */}
          <div className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 sm:col-span-2 lg:col-span-1">
            <Field
              className="lg:w-48"
              label={t('government.postcode')}
              value={value.postcode}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={4}
              error={error}
              onChange={(event) => {
                const postcode = event.target.value;
                onChange({ ...value, postcode, state: postcode.trim() ? 'all' : value.state });
              }}
              enterKeyHint="search"
            />
            {/* Level with the field under its label, whether or not an error shows below it. */}
            <Button type="submit" className="mt-6">
              {t('government.search')}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
