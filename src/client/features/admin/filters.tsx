import { Search } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_LIMITS } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { inputClasses, SelectField } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';

/**
 * A list's search box and selects. The search is sent when submitted (Enter or the button), not on every key;
 * the selects apply at once.
 */
export function ListFilters({
  searchLabel,
  search,
  onSearch,
  children,
}: {
  searchLabel: string;
  search: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The box follows the search in the address when that changes from elsewhere (Back, a link), and keeps
  // what is typed (and the focus) otherwise.
  const [text, setText] = useState(search);
  const [shown, setShown] = useState(search);
  if (search !== shown) {
    setShown(search);
    setText(search);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <div className="mb-4 grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))] md:items-end">
      <form role="search" onSubmit={submit} className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {searchLabel}
        </label>
        <div className="flex gap-2">
          <input
            id={id}
            name="q"
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={ADMIN_LIMITS.searchMax}
            className={inputClasses}
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" className="h-5 w-5" />
            <span className="max-sm:sr-only">{t('admin.list.search')}</span>
          </Button>
        </div>
      </form>
      {children}
    </div>
  );
}

/** A select of a list's filter, "all" first. */
export function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <SelectField id={id} label={label} value={value || 'all'} onChange={onChange}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
