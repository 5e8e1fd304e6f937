import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditAction, AuditEntry } from '../../../shared/schemas/admin';
import { adminAuditQuery } from '../../data/admin';
import { formatDateTime } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { DataTable, type Column } from './data-table';
import { ListFrame } from './list-frame';

const ACTION_KEYS: Record<AuditAction, MessageKey> = {
  'question.delete': 'admin.audit.questionDelete',
  'reply.delete': 'admin.audit.replyDelete',
  'user.role': 'admin.audit.userRole',
  'mentor.verify': 'admin.audit.mentorVerify',
  'mentor.decline': 'admin.audit.mentorDecline',
  'mentor.profile': 'admin.audit.mentorProfile',
  'report.dismiss': 'admin.audit.reportDismiss',
  'report.remove': 'admin.audit.reportRemove',
  'notice.set': 'admin.audit.noticeSet',
  'notice.clear': 'admin.audit.noticeClear',
  'ai-job.retry': 'admin.audit.aiJobRetry',
  'email.retry': 'admin.audit.emailRetry',
  'newsletter.export': 'admin.audit.newsletterExport',
  'directory.create': 'admin.audit.directoryCreate',
  'directory.update': 'admin.audit.directoryUpdate',
  'directory.archive': 'admin.audit.directoryArchive',
  'directory.restore': 'admin.audit.directoryRestore',
  'directory-report.resolve': 'admin.audit.directoryReportResolve',
  'directory-report.dismiss': 'admin.audit.directoryReportDismiss',
  'chloe-miss.attach': 'admin.audit.chloeMissAttach',
  'chloe-miss.needs-article': 'admin.audit.chloeMissNeedsArticle',
  'chloe-miss.dismiss': 'admin.audit.chloeMissDismiss',
};

/** What admins did, newest first. */
export function AuditTab() {
  const { t, locale } = useTranslation();
  const query = useInfiniteQuery(adminAuditQuery());
  const rows = query.data?.pages.flatMap((page) => page.entries) ?? [];
  const none = <span className="text-slate-600">{t('admin.list.none')}</span>;

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('admin.audit.when'),
      className: 'lg:whitespace-nowrap',
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, locale)}</time>,
    },
    {
      key: 'admin',
      header: t('admin.audit.admin'),
      cell: (entry) => (
        <>
          {entry.admin.displayName}
          <span className="block text-xs text-slate-600">{entry.admin.email}</span>
        </>
      ),
    },
    {
      key: 'action',
      header: t('admin.audit.action'),
      cell: (entry) => <span className="font-medium">{t(ACTION_KEYS[entry.action])}</span>,
    },
    { key: 'target', header: t('admin.audit.target'), cell: (entry) => entry.targetLabel || none },
    { key: 'reason', header: t('admin.audit.reason'), cell: (entry) => entry.reason || none },
    { key: 'detail', header: t('admin.audit.detail'), cell: (entry) => entry.detail || none },
  ];

  return (
    <ListFrame
      id="admin-audit-title"
      title={t('admin.tabs.audit')}
      query={query}
      count={rows.length}
      empty={t('admin.audit.empty')}
    >
      <DataTable
        caption={t('admin.tabs.audit')}
        columns={columns}
        rows={rows}
        rowKey={(entry) => String(entry.id)}
      />
    </ListFrame>
  );
}
