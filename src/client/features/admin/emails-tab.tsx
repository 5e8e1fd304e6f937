import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import type { FailedEmail } from '../../../shared/schemas/mail';
import { Button } from '../../components/ui/button';
import { failedEmailsQuery, useRetryEmail } from '../../data/admin';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { DataTable, ListState, type Column } from './data-table';
import { useFocusHeading } from './use-focus-heading';

const KIND_KEYS: Record<FailedEmail['kind'], MessageKey> = {
  'verify-email': 'admin.emails.kinds.verifyEmail',
  'change-email': 'admin.emails.kinds.changeEmail',
  'email-change-notice': 'admin.emails.kinds.emailChangeNotice',
  'email-change-attempt': 'admin.emails.kinds.emailChangeAttempt',
  'reset-password': 'admin.emails.kinds.resetPassword',
  notification: 'admin.emails.kinds.notification',
  digest: 'admin.emails.kinds.digest',
};

/** Emails the mail server did not take within a day, each with a retry. */
export function EmailsTab() {
  const { t, locale } = useTranslation();
  const query = useQuery(failedEmailsQuery());
  const [heading, focusHeading] = useFocusHeading();
  const retry = useRetryEmail({
    meta: { errorTitle: 'admin.emails.retryFailed' },
    onSuccess: () => {
      toast({ title: t('admin.emails.retried') });
      focusHeading();
    },
  });
  const rows = query.data?.emails ?? [];

  const columns: Column<FailedEmail>[] = [
    {
      key: 'kind',
      header: t('admin.emails.kind'),
      cell: (email) => <span className="font-medium">{t(KIND_KEYS[email.kind])}</span>,
    },
    {
      key: 'to',
      header: t('admin.emails.to'),
      cell: (email) => <span className="break-all">{email.to}</span>,
    },
    {
      key: 'attempts',
      header: t('admin.emails.attempts'),
      numeric: true,
      cell: (email) => formatNumber(email.attempts, locale),
    },
    {
      key: 'error',
      header: t('admin.emails.lastError'),
      cell: (email) =>
        email.lastError ? (
          <code className="text-xs break-all whitespace-pre-line text-red-900">{email.lastError}</code>
        ) : (
          t('admin.list.none')
        ),
    },
    {
      key: 'created',
      header: t('admin.emails.created'),
      cell: (email) => <time dateTime={email.createdAt}>{formatDateTime(email.createdAt, locale)}</time>,
    },
    {
      key: 'actions',
      header: t('admin.list.actions'),
      bare: true,
      cell: (email) => (
        <Button
          variant="secondary"
          size="sm"
          className="max-lg:mt-2"
          disabled={retry.isPending && retry.variables?.emailId === email.id}
          aria-label={t('admin.emails.retryLabel', { to: email.to })}
          // Sent or retried meanwhile (404): the list is counted again so the row goes.
          onClick={() => retry.mutate({ emailId: email.id }, { onError: () => void query.refetch() })}
        >
          <RotateCcw aria-hidden="true" className="h-4 w-4" />
          {t('admin.emails.retry')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="admin-emails-title">
      <h2
        ref={heading}
        tabIndex={-1}
        id="admin-emails-title"
        className="text-xl font-semibold text-slate-900 outline-none"
      >
        {t('admin.tabs.emails')}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{t('admin.emails.intro')}</p>
      <ListState query={query} count={rows.length} empty={t('admin.emails.empty')}>
        <DataTable
          caption={t('admin.tabs.emails')}
          columns={columns}
          rows={rows}
          rowKey={(email) => String(email.id)}
        />
      </ListState>
    </section>
  );
}
