import '../../lib/page-texts';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { Link } from 'react-router';
import type { CommunityStats, Founder } from '../../../shared/schemas/content';
import { Page } from '../../components/page';
import { buttonClasses } from '../../components/ui/button';
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { formatMonthYear, formatNumber, initials } from '../../lib/format';
import { useCommunityStats, useFounders } from '../../data/founders';

const STATS: { key: keyof CommunityStats; label: MessageKey }[] = [
  { key: 'members', label: 'founders.statMembers' },
  { key: 'questionsAnswered', label: 'founders.statQuestionsAnswered' },
  { key: 'mentors', label: 'founders.statMentors' },
  { key: 'foundingMembers', label: 'founders.statFounding' },
];

function FounderCard({ founder }: { founder: Founder }) {
  const { t, locale } = useTranslation();
  return (
    <li>
      <Card className="h-full">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold text-brand-800"
          >
            {initials(founder.displayName)}
          </span>
          <div className="min-w-0">
            <h3 className="text-lg font-semibold text-slate-900">{founder.displayName}</h3>
            <p className="text-sm text-slate-700">
              {t(`roles.${founder.role}`)}
              {founder.countryPath ? ` · ${founder.countryPath}` : ''}
            </p>
            {founder.isDemo && (
              <Badge className="mt-1" colour="bg-amber-100 text-amber-900">
                {t('founders.demoProfile')}
              </Badge>
            )}
          </div>
        </div>
        {founder.headline && <p className="mt-3 font-medium text-slate-800">{founder.headline}</p>}
        {founder.story && <p className="mt-2 text-slate-700">{founder.story}</p>}
        {founder.expertise.length > 0 && (
          <ul aria-label={t('founders.expertise')} className="mt-3 flex flex-wrap gap-2">
            {founder.expertise.map((tag) => (
              <li key={tag}>
                <Badge>{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3 text-sm text-slate-600">
          {t('founders.joined', { date: formatMonthYear(founder.joinedAt, locale) })} ·{' '}
          {t('founders.contributions', { count: founder.contributions })}
        </p>
      </Card>
    </li>
  );
}

export function FoundersPage() {
  const { t, locale } = useTranslation();
  const stats = useCommunityStats();
  const founders = useFounders();

  return (
    <Page title={t('founders.title')} lead={t('founders.intro')}>
      <div className="rounded-xl border border-brand-100 bg-brand-50 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t('founders.missionTitle')}</h2>
        <p className="mt-1 text-slate-800">{t('founders.mission')}</p>
      </div>

      <section aria-label={t('founders.statsLabel')} aria-busy={stats.isPending} className="mt-6">
        {stats.isError ? (
          <p role="alert" className="text-red-700">
            {t('founders.loadError')}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            {STATS.map(({ key, label }) => (
              <Card key={key} className="text-center">
                <dt className="text-sm font-medium text-slate-700">{t(label)}</dt>
                <dd className="mt-1 text-3xl font-bold text-brand-800">
                  {stats.data ? (
                    formatNumber(stats.data[key], locale)
                  ) : (
                    <Skeleton className="mx-auto h-9 w-16" />
                  )}
                </dd>
              </Card>
            ))}
          </dl>
        )}
      </section>

      <section aria-labelledby="founders-list" aria-busy={founders.isPending} className="mt-8">
        <h2 id="founders-list" className="text-xl font-semibold text-slate-900">
          {t('founders.foundersTitle')}
        </h2>
        {founders.isPending ? (
          <div className="mt-4 grid gap-4 md:grid-cols-2">
            <Skeleton className="h-48" />
            <Skeleton className="h-48" />
          </div>
        ) : founders.data?.founders.length ? (
          <ul className="mt-4 grid gap-4 md:grid-cols-2">
            {founders.data.founders.map((founder) => (
              <FounderCard key={founder.id} founder={founder} />
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">{t('founders.noFounders')}</p>
        )}
      </section>

      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/mentors" className={buttonClasses('primary')}>
          {t('founders.connect')}
        </Link>
        <Link to="/chloe" className={buttonClasses('secondary')}>
          {t('founders.mentorship')}
        </Link>
      </div>

      <Card className="mt-8">
        <h2 className="text-lg font-semibold text-slate-900">{t('founders.notesTitle')}</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          <li>{t('founders.noteQa')}</li>
          <li>{t('founders.noteChat')}</li>
        </ul>
      </Card>
    </Page>
  );
}
