import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import type { ReportStatus } from '../../../shared/schemas/admin';
import type { AdminDirectoryReport } from '../../../shared/schemas/directory';
import { PROBLEM_KEYS } from '../../components/report-outdated';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { adminDirectoryReportsQuery, useDirectoryReportAction } from '../../data/directory';
import { formatDate, formatDateTime } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ListFrame } from './list-frame';
import { useAdminParams } from './use-admin-params';

/** The entry's facts now, beside what readers said of them. */
function EntryNow({ entry }: { entry: NonNullable<AdminDirectoryReport['entry']> }) {
  const { t, locale } = useTranslation();
  const facts: [MessageKey, string | null][] = [
    ['directory.queue.phone', entry.phone],
    ['directory.queue.address', entry.address],
    ['directory.queue.hours', entry.hours],
    ['directory.queue.website', entry.website],
    ['directory.queue.languages', entry.languages.join(', ') || null],
  ];
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
      <h5 className="font-semibold text-slate-900">{t('directory.queue.now')}</h5>
      <dl className="mt-1 grid gap-x-3 gap-y-1 sm:grid-cols-[auto_1fr]">
        {facts
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-700">{t(label)}</dt>
              <dd className="break-words text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-2 text-slate-700">
        {t('directory.queue.reviewed', { date: formatDate(entry.lastReviewed, locale) })} ·{' '}
        {entry.source ? (
          <a href={entry.source} className="text-brand-800 underline" target="_blank" rel="noreferrer">
            {t('directory.admin.source')}
          </a>
        ) : (
          t('resources.noSource')
        )}
      </p>
      {entry.archived && <p className="mt-1 text-slate-700">{t('directory.admin.archivedNote')}</p>}
    </div>
  );
}

/**
 * Readers' reports of outdated information, one card per entry: what they said was wrong, the entry as it is now,
 * and the way to its editor. "Mark fixed" and "Dismiss" settle every open report on the entry.
 */
export function OutdatedReports({ status }: { status: ReportStatus }) {
  const { t, locale } = useTranslation();
  const { open } = useAdminParams();
  const query = useInfiniteQuery(adminDirectoryReportsQuery(status, locale));
  const act = useDirectoryReportAction({
    meta: { errorTitle: 'directory.queue.failed' },
    onSuccess: (_data, { action }) =>
      toast({ title: t(action === 'resolve' ? 'directory.queue.resolved' : 'directory.queue.dismissed') }),
  });
  const rows = query.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <ListFrame
      id="admin-outdated-title"
      title={t('directory.queue.title')}
      level={3}
      intro={t('directory.queue.intro')}
      query={query}
      count={rows.length}
      empty={t('directory.queue.empty')}
      className="mt-8"
    >
      <div className="space-y-4">
        {rows.map((report) => {
          const name = report.entry?.name ?? report.entryId;
          const headingId = `outdated-${report.id}`;
          return (
            <Card as="article" key={report.id} aria-labelledby={headingId} data-list-row>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h4 id={headingId} className="font-semibold text-slate-900">
                  {name}
                </h4>
                <span className="text-sm text-slate-700">
                  {t('directory.queue.reportCount', { count: report.reportCount })} ·{' '}
                  {formatDateTime(report.lastReportedAt, locale)}
                </span>
              </div>
              <ul className="mt-2 flex flex-wrap gap-2">
                {report.problems.map(({ problem, count }) => (
                  <li key={problem}>
                    <Badge colour="bg-amber-100 text-amber-900">
                      {t(PROBLEM_KEYS[problem])}
                      {count > 1 ? ` × ${count}` : ''}
                    </Badge>
                  </li>
                ))}
              </ul>
              {report.notes.length > 0 && (
                <div className="mt-3">
                  <h5 className="text-sm font-semibold text-slate-800">{t('directory.queue.notes')}</h5>
                  <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-900">
                    {report.notes.map((note, index) => (
                      <li key={index} className="break-words whitespace-pre-line">
                        {note}
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="mt-3">
                {report.entry ? (
                  <EntryNow entry={report.entry} />
                ) : (
                  <p className="text-sm text-slate-700">{t('directory.queue.gone')}</p>
                )}
              </div>
              {status === 'open' && (
                <div className="mt-3 flex flex-wrap gap-2">
                  {report.entry && (
                    <Button
                      size="sm"
                      aria-label={t('directory.queue.openEditorLabel', { name })}
                      onClick={() =>
                        open('directory', {
                          type: report.type === 'organisation' ? undefined : report.type,
                          edit: report.entryId,
                          reports: report.reportCount,
                        })
                      }
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                      {t('directory.queue.openEditor')}
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={act.isPending}
                    aria-label={t('directory.queue.resolveLabel', { name })}
                    onClick={() => act.mutate({ id: report.id, action: 'resolve' })}
                  >
                    {t('directory.queue.resolve')}
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={act.isPending}
                    aria-label={t('directory.queue.dismissLabel', { name })}
                    onClick={() => act.mutate({ id: report.id, action: 'dismiss' })}
                  >
                    {t('directory.queue.dismiss')}
                  </Button>
                </div>
              )}
            </Card>
          );
        })}
      </div>
    </ListFrame>
  );
}
