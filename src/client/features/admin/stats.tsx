import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminStats } from '../../../shared/schemas/admin';
import { Skeleton } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import type { AdminTab, ParamUpdate } from './use-admin-params';

const CARDS: { key: keyof AdminStats; label: MessageKey; text: MessageKey }[] = [
  {
    key: 'totalQuestions',
    label: 'admin.dashboard.totalQuestions',
    text: 'admin.dashboard.totalQuestionsText',
  },
  { key: 'activeUsers', label: 'admin.dashboard.activeUsers', text: 'admin.dashboard.activeUsersText' },
  { key: 'totalMentors', label: 'admin.dashboard.mentors', text: 'admin.dashboard.mentorsText' },
  {
    key: 'pendingReports',
    label: 'admin.dashboard.pendingReports',
    text: 'admin.dashboard.pendingReportsText',
  },
];

/** The spec's four stat cards. */
export function StatCards({ stats }: { stats: UseQueryResult<AdminStats> }) {
  const { t, locale } = useTranslation();
  if (stats.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        {t('admin.dashboard.statsFailed')}
      </p>
    );
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CARDS.map((card) => (
        <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-slate-700">{t(card.label)}</dt>
          <dd className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">
            {stats.data ? (
              formatNumber(stats.data[card.key] as number, locale)
            ) : (
              <Skeleton className="h-9 w-16" />
            )}
          </dd>
          <dd className="mt-1 text-sm text-slate-600">{t(card.text)}</dd>
        </div>
      ))}
    </dl>
  );
}

const ATTENTION: {
  key: keyof AdminStats;
  label: MessageKey;
  tab: AdminTab;
  filters?: ParamUpdate;
  /** Shown only when there are some: a site that sends its email well never needs to think of it. */
  onlyWhenAny?: boolean;
}[] = [
  {
    key: 'unansweredQuestions',
    label: 'admin.dashboard.unanswered',
    tab: 'questions',
    filters: { filter: 'unanswered' },
  },
  {
    key: 'urgentWithoutHumanReply',
    label: 'admin.dashboard.urgentWithoutHuman',
    tab: 'questions',
    filters: { filter: 'urgent-unanswered' },
  },
  { key: 'mentorsToVerify', label: 'admin.dashboard.mentorsToVerify', tab: 'mentors' },
  { key: 'failedAiJobs', label: 'admin.dashboard.failedJobs', tab: 'jobs' },
  { key: 'failedEmails', label: 'admin.dashboard.failedEmails', tab: 'emails', onlyWhenAny: true },
  { key: 'outdatedReports', label: 'admin.dashboard.outdatedReports', tab: 'reports' },
  {
    key: 'directoryNeedsReview',
    label: 'admin.dashboard.directoryNeedsReview',
    tab: 'directory',
    filters: { status: 'needs-review' },
  },
];

/** What waits for an admin, each a way to the tab and filter that lists it. */
export function NeedsAttention({
  stats,
  onOpen,
}: {
  stats: AdminStats | undefined;
  onOpen: (tab: AdminTab, filters?: ParamUpdate) => void;
}) {
  const { t, locale } = useTranslation();
  return (
    <section aria-labelledby="admin-attention" className="mt-6">
      <h2 id="admin-attention" className="text-lg font-semibold text-slate-900">
        {t('admin.dashboard.attentionTitle')}
      </h2>
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        {ATTENTION.map((item) => {
          const count = stats ? (stats[item.key] as number) : undefined;
          if (item.onlyWhenAny && !count) return null;
          return (
            <li key={item.key}>
              <button
                type="button"
                onClick={() => onOpen(item.tab, item.filters)}
                className={cn(
                  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm ring-1 ring-inset',
                  count
                    ? 'bg-amber-50 text-amber-950 ring-amber-300 hover:bg-amber-100'
                    : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
                )}
              >
                <span className="min-w-8 text-xl font-bold tabular-nums">
                  {count === undefined ? '…' : formatNumber(count, locale)}
                </span>{' '}
                <span>{t(item.label)}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
