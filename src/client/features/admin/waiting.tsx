import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../shared/categories';
import type { AdminWaiting, WaitingQuestion, WaitingTopic } from '../../../shared/schemas/admin-waiting';
import { Badge, Skeleton } from '../../components/ui/card';
import { adminWaitingQuery } from '../../data/admin';
import { formatDate, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { DataTable, LoadFailedAlert, type Column } from './data-table';
import { WaitingWeeks } from './waiting-chart';
import { languageName } from '../../../shared/languages';
import { formatShare, formatWait, NoFigure } from './waiting-format';

type Row = Omit<WaitingTopic, 'topic' | 'language'> & { key: string; topic: string; language: string };

function useTopicName() {
  const { t, locale } = useTranslation();
  return (slug: WaitingQuestion['topic']) =>
    CATEGORIES.find((c) => c.slug === slug)?.name[locale] ?? t('admin.waiting.noTopic');
}

/** Each topic and language, and all of them together last. */
function TopicsTable({ waiting }: { waiting: AdminWaiting }) {
  const { t, locale } = useTranslation();
  const topicName = useTopicName();
  if (waiting.overall.asked === 0)
    return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{t('admin.waiting.noQuestions')}</p>;
  const rows: Row[] = [
    ...waiting.topics.map((row) => ({
      ...row,
      key: `${row.topic ?? ''}/${row.language}`,
      topic: topicName(row.topic),
      language: languageName(row.language, locale),
    })),
    { ...waiting.overall, key: 'all', topic: t('admin.waiting.allTopics'), language: '' },
  ];
  const columns: Column<Row>[] = [
    {
      key: 'topic',
      header: t('admin.waiting.topic'),
      cell: (row) => (row.key === 'all' ? <strong>{row.topic}</strong> : row.topic),
    },
    { key: 'language', header: t('admin.waiting.language'), cell: (row) => row.language },
    {
      key: 'asked',
      header: t('admin.waiting.asked'),
      numeric: true,
      cell: (row) => formatNumber(row.asked, locale),
    },
    {
      key: 'answered',
      header: t('admin.waiting.answered'),
      numeric: true,
      cell: (row) => formatNumber(row.answered, locale),
    },
    {
      key: 'median',
      header: t('admin.waiting.median'),
      numeric: true,
      cell: (row) => (row.medianMinutes === null ? <NoFigure /> : formatWait(row.medianMinutes, t, locale)),
    },
    {
      key: 'within',
      header: t('admin.waiting.within24h'),
      numeric: true,
      cell: (row) => (row.within24h === null ? <NoFigure /> : formatShare(row.within24h, t, locale)),
    },
  ];
  return (
    <>
      <DataTable
        caption={t('admin.waiting.byTopicCaption')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.key}
      />
      <p className="mt-2 text-sm text-slate-600">{t('admin.waiting.withinNote')}</p>
    </>
  );
}

/** The questions no person has answered, the longest waiting first, each a way to answer it. */
function Longest({ waiting }: { waiting: AdminWaiting }) {
  const { t, locale } = useTranslation();
  const topicName = useTopicName();
  if (waiting.longest.length === 0)
    return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{t('admin.waiting.longestEmpty')}</p>;
  const now = Date.parse(waiting.generatedAt);
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {waiting.longest.map((question) => (
        <li key={question.id} className="p-3">
          {question.isUrgent && (
            <Badge colour="bg-red-700 text-white" className="mr-2">
              {t('questions.sos')}
            </Badge>
          )}
          <Link
            to={`/questions/${encodeURIComponent(question.id)}`}
            className="font-medium wrap-break-word text-brand-800 underline"
          >
            {question.title}
          </Link>
          <p className="mt-1 text-sm text-slate-700">
            {t('admin.waiting.waitingFor', {
              time: formatWait((now - Date.parse(question.createdAt)) / 60_000, t, locale),
            })}
            {' · '}
            {topicName(question.topic)}
            {' · '}
            {languageName(question.language, locale)}
            {' · '}
            <time dateTime={question.createdAt}>{formatDate(question.createdAt, locale)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

/** How long people wait for a person's answer: by topic and language, the longest waiting, and the last 12 weeks. */
export function WaitingSection() {
  const { t } = useTranslation();
  const query = useQuery(adminWaitingQuery());
  const part = (id: string, title: string, body: ReactNode) => (
    <div className="mt-4">
      <h3 id={id} className="mb-2 font-semibold text-slate-900">
        {title}
      </h3>
      {body}
    </div>
  );
  return (
    <section aria-labelledby="admin-waiting" className="mt-8">
      <h2 id="admin-waiting" className="text-lg font-semibold text-slate-900">
        {t('admin.waiting.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('admin.waiting.intro')}</p>
      {query.isPending ? (
        <div className="mt-4 space-y-3" aria-hidden="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : query.isError ? (
        <LoadFailedAlert className="mt-4" title={t('admin.waiting.loadFailed')} query={query} />
      ) : (
        <>
          {part('admin-waiting-topics', t('admin.waiting.byTopic'), <TopicsTable waiting={query.data} />)}
          {part('admin-waiting-longest', t('admin.waiting.longest'), <Longest waiting={query.data} />)}
          {part('admin-waiting-weeks', t('admin.waiting.weeks'), <WaitingWeeks weeks={query.data.weeks} />)}
        </>
      )}
    </section>
  );
}
