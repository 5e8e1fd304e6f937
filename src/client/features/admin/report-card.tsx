import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminReport, ReportTargetType } from '../../../shared/schemas/admin';
import { REASON_KEYS } from '../../components/report-form';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { Person } from './person';

const TARGET_KEYS: Record<ReportTargetType, MessageKey> = {
  question: 'admin.reports.question',
  reply: 'admin.reports.reply',
  conversation: 'admin.reports.conversation',
  message: 'admin.reports.message',
};

export type ReportAction = 'dismiss' | 'remove';

/** For a chat report, the reported message and at most the two before it, the reported one marked in words. */
function ChatContext({ report }: { report: AdminReport }) {
  const { t, locale } = useTranslation();
  if (report.context.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-800">
        {t(report.targetType === 'message' ? 'admin.reports.chatContext' : 'admin.reports.chatLast')}
      </h4>
      <ol className="mt-2 space-y-2">
        {report.context.map((line) => (
          <li
            key={line.id}
            className={cn(
              'rounded-lg border p-3 text-sm',
              line.reported ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-slate-50',
            )}
          >
            <p className="flex flex-wrap items-center gap-x-2 text-slate-700">
              <span className="font-medium text-slate-900">
                <Person person={line.sender} />
              </span>
              <time dateTime={line.createdAt}>{formatDateTime(line.createdAt, locale)}</time>
              {line.reported && (
                <Badge colour="bg-red-700 text-white">{t('admin.reports.reportedLine')}</Badge>
              )}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-900">{line.content}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One reported item with every report on it, what was reported, and (while open) what to do about it. */
export function ReportCard({
  report,
  busy,
  onAction,
}: {
  report: AdminReport;
  busy: boolean;
  onAction: (action: ReportAction) => void;
}) {
  const { t, locale } = useTranslation();
  const headingId = `report-${report.id}`;
  const { content } = report;
  const removeHint =
    report.targetType === 'conversation' ? 'admin.reports.closeHint' : 'admin.reports.removeHint';
  return (
    <Card as="article" aria-labelledby={headingId} data-list-row>
      <div className="flex flex-wrap items-center gap-2">
        <Badge colour="bg-slate-800 text-white">{t(TARGET_KEYS[report.targetType])}</Badge>
        {report.removed && <Badge colour="bg-red-100 text-red-900">{t('admin.reports.removed')}</Badge>}
        <span className="text-sm text-slate-700">
          {t('admin.reports.reportedBy', { count: report.reporterCount })}
        </span>
      </div>
      <h3 id={headingId} className="mt-2 text-lg font-semibold text-slate-900">
        {content.title ?? t(TARGET_KEYS[report.targetType])}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-700">{t('admin.reports.firstReported')}: </dt>
          <dd className="inline">{formatDateTime(report.firstReportedAt, locale)}</dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-700">{t('admin.reports.lastReported')}: </dt>
          <dd className="inline">{formatDateTime(report.lastReportedAt, locale)}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="inline font-medium text-slate-700">{t('admin.reports.reasons')}: </dt>
          <dd className="inline">
            {report.reasons
              .map((r) =>
                t('admin.reports.reasonCount', { reason: t(REASON_KEYS[r.reason]), count: r.count }),
              )
              .join(', ')}
          </dd>
        </div>
      </dl>
      {report.details.length > 0 && (
        <div className="mt-3">
          <h4 className="text-sm font-semibold text-slate-800">{t('admin.reports.details')}</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800">
            {report.details.map((detail, index) => (
              <li key={index} className="whitespace-pre-line">
                {detail}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
        <h4 className="text-sm font-semibold text-slate-800">{t('admin.reports.content')}</h4>
        <p className="mt-1 text-sm text-slate-700">
          {t('admin.reports.by', { name: content.author?.displayName ?? t('admin.list.deletedAccount') })}
          {content.createdAt && (
            <> · {t('admin.reports.written', { date: formatDateTime(content.createdAt, locale) })}</>
          )}
        </p>
        {report.context.length === 0 && (
          <p className="mt-2 max-h-60 overflow-y-auto whitespace-pre-line text-slate-900">{content.text}</p>
        )}
        <ChatContext report={report} />
        {report.link && (
          <Link
            to={report.link}
            className="mt-2 inline-flex items-center gap-1 text-sm text-brand-800 underline"
          >
            {t('admin.reports.openInContext')}
            <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        )}
      </div>
      {report.status === 'open' && (
        <div className="mt-4 flex flex-wrap gap-2">
          {/* Every card has these two buttons: each names its item (the card's heading) as its description. */}
          <Button
            variant="secondary"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => onAction('dismiss')}
          >
            {t('admin.reports.dismiss')}{' '}
            <span className="text-sm font-normal text-slate-600">({t('admin.reports.dismissHint')})</span>
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => onAction('remove')}
          >
            {t('admin.reports.remove')} <span className="text-sm font-normal">({t(removeHint)})</span>
          </Button>
        </div>
      )}
    </Card>
  );
}
