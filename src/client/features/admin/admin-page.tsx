import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useRef, type ComponentType } from 'react';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { adminStatsQuery, useExportNewsletter } from '../../data/admin';
import { formatDateTime } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { AuditTab } from './audit-tab';
import { ChloeFeedbackTab } from './chloe-feedback-tab';
import { ChloeMissesTab } from './chloe-misses-tab';
import { DirectoryTab } from './directory-tab';
import { EmailsTab } from './emails-tab';
import { JobsTab } from './jobs-tab';
import { MentorsTab } from './mentors-tab';
import { NoticesTab } from './notices-tab';
import { QuestionsTab } from './questions-tab';
import { ReportsTab } from './reports-tab';
import { NeedsAttention, StatCards } from './stats';
import { Tabs } from './tabs';
import { ADMIN_TABS, useAdminParams, type AdminTab, type ParamUpdate } from './use-admin-params';
import { UsersTab } from './users-tab';
import { WaitingSection } from './waiting';

const PANELS: Record<AdminTab, { label: MessageKey; Panel: ComponentType }> = {
  questions: { label: 'admin.tabs.questions', Panel: QuestionsTab },
  users: { label: 'admin.tabs.users', Panel: UsersTab },
  reports: { label: 'admin.tabs.reports', Panel: ReportsTab },
  mentors: { label: 'admin.tabs.mentors', Panel: MentorsTab },
  audit: { label: 'admin.tabs.audit', Panel: AuditTab },
  notices: { label: 'admin.tabs.notices', Panel: NoticesTab },
  directory: { label: 'directory.admin.tab', Panel: DirectoryTab },
  jobs: { label: 'admin.tabs.jobs', Panel: JobsTab },
  'chloe-feedback': { label: 'admin.tabs.chloeFeedback', Panel: ChloeFeedbackTab },
  'chloe-misses': { label: 'admin.tabs.chloeMisses', Panel: ChloeMissesTab },
  emails: { label: 'admin.tabs.emails', Panel: EmailsTab },
};

function ExportNewsletter() {
  const { t } = useTranslation();
  const exporter = useExportNewsletter({
    meta: { errorTitle: 'admin.dashboard.exportFailed' },
    onSuccess: () => toast({ title: t('admin.dashboard.newsletterExported') }),
  });
  return (
    <Button disabled={exporter.isPending} onClick={() => exporter.mutate()} className="max-sm:w-full">
      <Download aria-hidden="true" className="h-5 w-5" />
      {exporter.isPending ? t('admin.dashboard.exporting') : t('admin.dashboard.exportNewsletter')}
    </Button>
  );
}

/** The admin dashboard: the figures, what needs attention, and a tab for each kind of work. */
export function AdminPage() {
  const { t, locale } = useTranslation();
  const stats = useQuery(adminStatsQuery());
  const { tab, open } = useAdminParams();
  const panel = useRef<HTMLDivElement>(null);
  const { Panel } = PANELS[tab];

  /** From "Needs attention": the tab and filter it names, and the reader is taken there. */
  const openFromAttention = (next: AdminTab, filters?: ParamUpdate) => {
    open(next, filters);
    requestAnimationFrame(() => {
      panel.current?.focus({ preventScroll: true });
      panel.current?.scrollIntoView?.({ block: 'start' });
    });
  };

  return (
    <Page title={t('frames.adminTitle')} lead={t('frames.adminText')}>
      <section aria-labelledby="admin-stats">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="admin-stats" className="text-lg font-semibold text-slate-900">
              {t('admin.dashboard.statsTitle')}
            </h2>
            {stats.data && (
              <p className="text-sm text-slate-600">
                {t('admin.dashboard.countedAt', { time: formatDateTime(stats.data.generatedAt, locale) })}
              </p>
            )}
          </div>
          <ExportNewsletter />
        </div>
        <StatCards stats={stats} />
      </section>
      <NeedsAttention stats={stats.data} onOpen={openFromAttention} />
      <WaitingSection />
      <div className="mt-8">
        <Tabs
          label={t('admin.tabs.label')}
          idPrefix="admin"
          tabs={ADMIN_TABS.map((id) => ({ id, label: t(PANELS[id].label) }))}
          selected={tab}
          onSelect={(next) => next !== tab && open(next)}
          panelRef={panel}
        >
          <Panel key={tab} />
        </Tabs>
      </div>
    </Page>
  );
}
