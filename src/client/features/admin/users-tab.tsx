import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '../../../shared/constants';
import { ADMIN_USER_FILTERS, type AdminUser } from '../../../shared/schemas/admin';
import { Badge } from '../../components/ui/card';
import { adminUsersQuery, useChangeRole } from '../../data/admin';
import { formatDate, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type Column } from './data-table';
import { FilterSelect, ListFilters } from './filters';
import { ListFrame } from './list-frame';
import { oneOf, useAdminParams } from './use-admin-params';

type UserFilter = (typeof ADMIN_USER_FILTERS)[number];

const FILTER_KEYS = {
  student: 'admin.users.students',
  mentor: 'admin.users.mentors',
  admin: 'admin.users.admins',
  'mentors-to-verify': 'admin.users.mentorsToVerify',
} as const;

const ROLE_COLOURS: Record<Role, string> = {
  student: 'bg-slate-100 text-slate-800',
  mentor: 'bg-emerald-100 text-emerald-900',
  admin: 'bg-violet-100 text-violet-900',
};

/** A student can be made a mentor and a mentor a student; admins are not changed here. */
type Change = { user: AdminUser; role: 'student' | 'mentor' };

/** Members, searched and filtered by role, with the role change the spec asks to confirm. */
/** What students said after their closed conversations with a mentor: private, for admins only. */
function ChatFeedback({ feedback }: { feedback: NonNullable<AdminUser['chatFeedback']> }) {
  const { t, locale } = useTranslation();
  if (feedback.helpful + feedback.notHelpful === 0) return null;
  const summary = t('admin.users.chatFeedback', {
    helpful: feedback.helpful,
    notHelpful: feedback.notHelpful,
  });
  if (feedback.notes.length === 0) return <span className="block text-xs text-slate-700">{summary}</span>;
  return (
    <details className="text-xs text-slate-700">
      <summary className="cursor-pointer">{summary}</summary>
      <ul className="mt-1 space-y-1">
        {feedback.notes.map((entry) => (
          <li key={entry.createdAt}>
            {t(entry.helpful ? 'chat.feedbackYes' : 'chat.feedbackNo')} ({formatDate(entry.createdAt, locale)}
            ): {entry.note}
          </li>
        ))}
      </ul>
    </details>
  );
}

export function UsersTab() {
  const { t, locale } = useTranslation();
  const { get, update } = useAdminParams();
  const q = get('q');
  const filter = oneOf<UserFilter>(ADMIN_USER_FILTERS, get('role'));
  const query = useInfiniteQuery(adminUsersQuery({ q: q || undefined, filter }));
  const [change, setChange] = useState<Change | null>(null);
  const changeRole = useChangeRole({
    meta: { errorTitle: 'admin.users.updateFailed' },
    onSuccess: () => {
      toast({ title: t('admin.users.updated') });
      setChange(null);
    },
  });
  const rows = query.data?.pages.flatMap((page) => page.users) ?? [];

  const columns: Column<AdminUser>[] = [
    {
      key: 'member',
      header: t('admin.users.member'),
      bare: true,
      cell: (user) => (
        <>
          <span className="font-medium text-slate-900 max-lg:text-base">{user.displayName}</span>{' '}
          {user.isDemo && <Badge colour="bg-amber-100 text-amber-900">{t('admin.users.demo')}</Badge>}
          <span className="block text-slate-700">{user.email}</span>
        </>
      ),
    },
    {
      key: 'role',
      header: t('admin.users.role'),
      cell: (user) => (
        <>
          <Badge colour={ROLE_COLOURS[user.role]} className="whitespace-nowrap">
            {t(`roles.${user.role}`)}
          </Badge>{' '}
          {user.role === 'mentor' && (
            <span className="block text-xs text-slate-700 max-lg:mt-1">
              {t(user.mentorVerified ? 'admin.users.verified' : 'admin.users.waiting')}
            </span>
          )}
          {user.chatFeedback && <ChatFeedback feedback={user.chatFeedback} />}
        </>
      ),
    },
    {
      key: 'created',
      header: t('admin.users.created'),
      className: 'lg:whitespace-nowrap',
      cell: (user) => formatDate(user.createdAt, locale),
    },
    {
      key: 'seen',
      header: t('admin.users.lastSeen'),
      className: 'lg:whitespace-nowrap',
      cell: (user) => (user.lastSeenAt ? formatDate(user.lastSeenAt, locale) : t('admin.list.never')),
    },
    {
      key: 'questions',
      header: t('admin.users.questions'),
      numeric: true,
      cell: (user) => formatNumber(user.questionCount, locale),
    },
    {
      key: 'replies',
      header: t('admin.users.replies'),
      numeric: true,
      cell: (user) => formatNumber(user.replyCount, locale),
    },
    {
      key: 'actions',
      header: t('admin.list.actions'),
      bare: true,
      cell: (user) => {
        if (user.role === 'admin') return null;
        const role = user.role === 'student' ? 'mentor' : 'student';
        const action = t(role === 'mentor' ? 'admin.users.makeMentor' : 'admin.users.makeStudent');
        return (
          // Long in Vietnamese: it may take two lines rather than squeeze the other columns (the shared
          // Button keeps to one line).
          <button
            type="button"
            className="inline-flex min-h-9 min-w-32 items-center rounded-lg bg-white px-3 py-1.5 text-left text-sm font-medium text-brand-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 max-lg:mt-2"
            aria-label={t('admin.users.changeLabel', { action, name: user.displayName })}
            onClick={() => setChange({ user, role })}
          >
            {action}
          </button>
        );
      },
    },
  ];

  const roleName =
    change && t(change.role === 'mentor' ? 'admin.users.roleMentor' : 'admin.users.roleStudent');
  return (
    <ListFrame
      id="admin-users-title"
      title={t('admin.users.title')}
      filters={
        <ListFilters searchLabel={t('admin.users.searchLabel')} search={q} onSearch={(v) => update({ q: v })}>
          <FilterSelect
            label={t('admin.users.role')}
            value={filter ?? 'all'}
            onChange={(value) => update({ role: value })}
            options={[
              { value: 'all', label: t('admin.users.allRoles') },
              ...ADMIN_USER_FILTERS.map((f) => ({ value: f, label: t(FILTER_KEYS[f]) })),
            ]}
          />
        </ListFilters>
      }
      query={query}
      count={rows.length}
      empty={t('admin.users.empty')}
      after={
        <ConfirmDialog
          open={change !== null}
          title={t('admin.users.changeConfirm', { role: roleName ?? '' })}
          description={
            change
              ? t(change.role === 'mentor' ? 'admin.users.changeTextMentor' : 'admin.users.changeText', {
                  name: change.user.displayName,
                  email: change.user.email,
                })
              : undefined
          }
          confirmLabel={t(change?.role === 'student' ? 'admin.users.makeStudent' : 'admin.users.makeMentor')}
          pending={changeRole.isPending}
          failedTitle="admin.users.updateFailed"
          onConfirm={(reason) =>
            change && changeRole.mutate({ userId: change.user.id, role: change.role, reason })
          }
          onClose={() => setChange(null)}
        />
      }
    >
      <DataTable caption={t('admin.users.title')} columns={columns} rows={rows} rowKey={(user) => user.id} />
    </ListFrame>
  );
}
