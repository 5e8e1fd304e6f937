import { Phone } from 'lucide-react';
import { CRISIS_LINES } from '../../shared/constants';
import { AUS_STATES, type HelpCategory } from '../../shared/directory';
import { useTranslation } from '../lib/i18n';
import { Badge } from './ui/card';
import { SelectField } from './ui/field';

/** The four numbers a person in trouble needs, at the top of the find-help pages, as phone links. */
export function EmergencyNumbers() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="emergency-numbers"
      className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="emergency-numbers" className="font-semibold text-red-900">
        {t('crisis.title')} <span className="font-normal">{t('crisis.text')}</span>
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-2 lg:grid-cols-4">
        {CRISIS_LINES.map((line) => (
          <li key={line.id}>
            <a
              href={`tel:${line.tel}`}
              className="flex h-full items-center gap-2 rounded-lg bg-white p-2 ring-1 ring-red-200 hover:bg-red-100"
            >
              <Phone aria-hidden="true" className="h-4 w-4 shrink-0 text-red-700" />
              <span>
                <span className="block font-bold text-slate-900">{line.number}</span>
                <span className="block text-sm text-slate-700">{t(`crisis.${line.id}`)}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Badge classes for the find-help categories; each pair keeps at least 4.5:1 contrast. */
const HELP_CATEGORY_COLOURS: Record<HelpCategory, string> = {
  immigration: 'bg-blue-100 text-blue-900',
  education: 'bg-violet-100 text-violet-900',
  healthcare: 'bg-emerald-100 text-emerald-900',
  employment: 'bg-cyan-100 text-cyan-900',
  housing: 'bg-amber-100 text-amber-900',
  benefits: 'bg-lime-100 text-lime-900',
  legal: 'bg-indigo-100 text-indigo-900',
  emergency: 'bg-red-100 text-red-900',
  community: 'bg-fuchsia-100 text-fuchsia-900',
};

export function HelpCategoryBadge({ category }: { category: HelpCategory }) {
  const { t } = useTranslation();
  return <Badge colour={HELP_CATEGORY_COLOURS[category]}>{t(`help.categories.${category}`)}</Badge>;
}

/** "All states and territories" and the eight, by their names in the reader's language. */
export function StateSelect({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: string;
  onChange: (state: string) => void;
  /** Its own label, where a page has two. */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <SelectField id={id} label={label ?? t('government.state')} value={value} onChange={onChange}>
      <option value="all">{t('government.allStates')}</option>
      {AUS_STATES.map((state) => (
        <option key={state} value={state}>
          {t(`help.states.${state}`)}
        </option>
      ))}
    </SelectField>
  );
}
