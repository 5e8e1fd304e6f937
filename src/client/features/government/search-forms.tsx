import type { FormEvent } from 'react';
import { GOVERNMENT_CATEGORIES } from '../../../shared/directory';
import { StateSelect } from '../../components/find-help';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, SelectField } from '../../components/ui/field';
import type { LocalSearch, ServiceSearch } from '../../lib/government';
import { useTranslation } from '../../lib/i18n';

type FormProps<T> = { value: T; onChange: (value: T) => void; onSubmit: () => void };

/** Runs `onSubmit` instead of the browser's form submission. */
function submitWith(onSubmit: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
}

function CategoryOptions() {
  const { t } = useTranslation();
  return (
    <>
      <option value="all">{t('government.allCategories')}</option>
      {GOVERNMENT_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {t(`help.categories.${category}`)}
        </option>
      ))}
    </>
  );
}

/** Every service, by keyword, category and state. */
export function ServiceSearchForm({ value, onChange, onSubmit }: FormProps<ServiceSearch>) {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('government.searchTitle')}</h2>
      <form onSubmit={submitWith(onSubmit)} className="mt-4 space-y-3" role="search">
        <Field
          label={t('government.keyword')}
          placeholder={t('government.keywordPlaceholder')}
          value={value.keyword}
          maxLength={200}
          onChange={(event) => onChange({ ...value, keyword: event.target.value })}
          enterKeyHint="search"
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id="government-category"
            label={t('government.category')}
            value={value.category}
            onChange={(category) => onChange({ ...value, category })}
          >
            <CategoryOptions />
          </SelectField>
          <StateSelect
            id="government-state"
            value={value.state}
            onChange={(state) => onChange({ ...value, state })}
          />
        </div>
        <Button type="submit">{t('government.search')}</Button>
      </form>
    </Card>
  );
}

/** The services of a postcode's state and the national ones; `error` is the server's word on the postcode. */
export function LocalSearchForm({
  value,
  onChange,
  onSubmit,
  error,
}: FormProps<LocalSearch> & { error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{t('government.localTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('government.localText')}</p>
      <form onSubmit={submitWith(onSubmit)} className="mt-4 space-y-3" role="search">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label={t('government.postcode')}
            placeholder={t('government.postcodePlaceholder')}
            value={value.postcode}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={4}
            error={error}
            onChange={(event) => onChange({ ...value, postcode: event.target.value })}
            enterKeyHint="search"
          />
          <SelectField
            id="government-local-category"
            label={t('government.category')}
            value={value.category}
            onChange={(category) => onChange({ ...value, category })}
          >
            <CategoryOptions />
          </SelectField>
        </div>
        <Button type="submit">{t('government.findLocal')}</Button>
      </form>
    </Card>
  );
}
