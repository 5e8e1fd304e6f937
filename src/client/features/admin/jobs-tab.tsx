import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { failedJobsQuery, useRetryJob, type AiJob } from '../../data/admin';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { DataTable, ListState, type Column } from './data-table';
import { useFocusHeading } from './use-focus-heading';

/** Chloe's feed replies that failed every attempt, each with a retry. */
export function JobsTab() {
  const { t, locale } = useTranslation();
  const query = useQuery(failedJobsQuery());
  const [heading, focusHeading] = useFocusHeading();
  const retry = useRetryJob({
    meta: { errorTitle: 'admin.jobs.retryFailed' },
    onSuccess: () => {
      toast({ title: t('admin.jobs.retried') });
      focusHeading();
    },
  });
  const rows = query.data?.jobs ?? [];

  const columns: Column<AiJob>[] = [
    {
      key: 'question',
      header: t('admin.questions.question'),
      bare: true,
      className: 'lg:min-w-56',
      cell: (job) => (
        <Link
          to={`/questions/${encodeURIComponent(job.questionId)}`}
          className="font-medium text-brand-800 underline max-lg:text-base"
        >
          {job.title}
        </Link>
      ),
    },
    {
      key: 'attempts',
      header: t('admin.jobs.attempts'),
      numeric: true,
      cell: (job) => formatNumber(job.attempts, locale),
    },
    {
      key: 'error',
      header: t('admin.jobs.lastError'),
      cell: (job) =>
        job.lastError ? (
          <code className="text-xs break-all whitespace-pre-line text-red-900">{job.lastError}</code>
        ) : (
          t('admin.list.none')
        ),
    },
    {
      key: 'updated',
      header: t('admin.jobs.updated'),
      cell: (job) => <time dateTime={job.updatedAt}>{formatDateTime(job.updatedAt, locale)}</time>,
    },
    {
      key: 'actions',
      header: t('admin.list.actions'),
      bare: true,
      cell: (job) => (
        <Button
          variant="secondary"
          size="sm"
          className="max-lg:mt-2"
          disabled={retry.isPending && retry.variables?.questionId === job.questionId}
          aria-label={t('admin.jobs.retryLabel', { title: job.title })}
          onClick={() => retry.mutate({ questionId: job.questionId })}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {t('admin.jobs.retry')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-jobs-title">
      <h2
        ref={heading}
        tabIndex={-1}
        id="admin-jobs-title"
        className="text-xl font-semibold text-slate-900 outline-none"
      >
        {t('admin.tabs.jobs')}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{t('admin.jobs.intro')}</p>
      <ListState query={query} count={rows.length} empty={t('admin.jobs.empty')}>
        <DataTable
          caption={t('admin.tabs.jobs')}
          columns={columns}
          rows={rows}
          rowKey={(job) => job.questionId}
        />
      </ListState>
    </section>
  );
}
