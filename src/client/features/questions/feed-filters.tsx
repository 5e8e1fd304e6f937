import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
import type { CategorySlug } from '../../../shared/categories';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { useCategories } from '../../data/questions';

/** The topics, each with its count of questions; the one shown is pressed. */
export function CategoryChips({
  selected,
  onSelect,
}: {
  selected?: CategorySlug;
  onSelect: (slug?: CategorySlug) => void;
}) {
  const { t } = useTranslation();
  const { data } = useCategories();
  const chip = (active: boolean) =>
    cn(
      'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    );
  return (
    <nav aria-label={t('questions.topicsLabel')} className="-mx-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        <li>
          <button
            type="button"
            className={chip(!selected)}
            aria-pressed={!selected}
            onClick={() => onSelect()}
          >
            {t('questions.allTopics')}
            {data && <span className="opacity-80">{data.total}</span>}
          </button>
        </li>
        {data?.categories.map((category) => (
          <li key={category.slug}>
            <button
              type="button"
              className={chip(selected === category.slug)}
              aria-pressed={selected === category.slug}
              onClick={() => onSelect(category.slug as CategorySlug)}
            >
              {category.name}
              <span className="opacity-80">{category.count}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  return (
    <form role="search" onSubmit={onSubmit} className="flex gap-2" key={value}>
      <label htmlFor="feed-search" className="sr-only">
        {t('questions.searchLabel')}
      </label>
      <input
        id="feed-search"
        name="q"
        type="search"
        defaultValue={value}
        maxLength={200}
        placeholder={t('questions.searchPlaceholder')}
        className={inputClasses}
      />
      <Button type="submit" variant="secondary" aria-label={t('questions.search')}>
        <Search aria-hidden="true" className="h-5 w-5" />
      </Button>
    </form>
  );
}
