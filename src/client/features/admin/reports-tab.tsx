import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REPORT_STATUSES, type AdminReport, type ReportStatus } from '../../../shared/schemas/admin';
import { adminReportsQuery, useReportAction } from '../../data/admin';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { ListFrame } from './list-frame';
import { FilterSelect } from './filters';
import { OutdatedReports } from './outdated-reports';
import { ReportCard, type ReportAction } from './report-card';
import { oneOf, useAdminParams } from './use-admin-params';
import { useFocusHeading } from './use-focus-heading';

const STATUS_KEYS = {
  open: 'admin.reports.open',
  resolved: 'admin.reports.resolved',
  dismissed: 'admin.reports.dismissed',
} as const;

type Pending = { report: AdminReport; action: ReportAction };

/** Removing a whole chat closes it (its two people keep their history); anything else is deleted. */
function removeTexts(pending: Pending | null) {
  return pending?.report.targetType === 'conversation'
    ? ({
        title: 'admin.reports.closeConfirm',
        text: 'admin.reports.closeText',
        done: 'admin.reports.closedDone',
      } as const)
    : ({
        title: 'admin.reports.removeConfirm',
        text: 'admin.reports.removeText',
        done: 'admin.reports.removedDone',
      } as const);
}

/** What the dialog names the item by: its title, or the start of what it says. */
function itemName(report: AdminReport): string {
  const { title, text } = report.content;
  return title ?? (text.length > 80 ? `${text.slice(0, 80).trimEnd()}…` : text);
}

/** Reported items by status; open ones are dismissed (content kept) or removed (content deleted). */
export function ReportsTab() {
  const { t } = useTranslation();
  const { get, update } = useAdminParams();
  const status: ReportStatus = oneOf(REPORT_STATUSES, get('status')) ?? 'open';
  const query = useInfiniteQuery(adminReportsQuery(status));
  const [pending, setPending] = useState<Pending | null>(null);
  const [heading, focusHeading] = useFocusHeading();
  const act = useReportAction({
    meta: { errorTitle: 'admin.reports.actionFailed' },
    onSuccess: (_data, { action }) => {
      // `pending` is the item acted on: the dialog stays open until here.
      toast({ title: t(action === 'dismiss' ? 'admin.reports.dismissedDone' : removeTexts(pending).done) });
      setPending(null);
      focusHeading();
    },
  });
  const rows = query.data?.pages.flatMap((page) => page.reports) ?? [];
  const removing = pending?.action === 'remove';
  const remove = removeTexts(pending);

  return (
    <ListFrame
      id="admin-reports-title"
      title={t('admin.tabs.reports')}
      heading={heading}
      filters={
        <div className="mb-4 max-w-xs">
          <FilterSelect
            label={t('admin.reports.status')}
            value={status}
            // "open" is the server's default: it stays out of the address like every default.
            onChange={(value) => update({ status: value === 'open' ? undefined : value })}
            options={REPORT_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
          />
        </div>
      }
      query={query}
      count={rows.length}
      empty={t('admin.reports.empty')}
      after={
        <>
          <OutdatedReports status={status} />
          <ConfirmDialog
            open={pending !== null}
            title={t(removing ? remove.title : 'admin.reports.dismissConfirm')}
            description={
              pending &&
              `“${itemName(pending.report)}”: ${t(removing ? remove.text : 'admin.reports.dismissText')}`
            }
            confirmLabel={t(removing ? 'admin.reports.remove' : 'admin.reports.dismiss')}
            danger={removing}
            pending={act.isPending}
            failedTitle="admin.reports.actionFailed"
            onConfirm={(reason) =>
              pending && act.mutate({ id: pending.report.id, action: pending.action, reason })
            }
            onClose={() => setPending(null)}
          />
        </>
      }
    >
      <div className="space-y-4">
        {rows.map((report) => (
          <ReportCard
            key={report.id}
            report={report}
            busy={act.isPending && act.variables?.id === report.id}
            onAction={(action) => setPending({ report, action })}
          />
        ))}
      </div>
    </ListFrame>
  );
}
