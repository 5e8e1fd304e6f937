import { useInfiniteQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CATEGORIES, CATEGORY_SLUGS, type CategorySlug } from '../../../shared/categories';
import { ADMIN_QUESTION_FILTERS, type AdminQuestion } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { adminQuestionsQuery, useDeleteQuestion } from '../../data/admin';
import { formatDate, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type Column } from './data-table';
import { ListFrame } from './list-frame';
import { FilterSelect, ListFilters } from './filters';
import { Person } from './person';
import { oneOf, useAdminParams } from './use-admin-params';
import { useFocusHeading } from './use-focus-heading';

type QuestionFilter = (typeof ADMIN_QUESTION_FILTERS)[number];

const FILTER_KEYS = {
  urgent: 'admin.questions.filterUrgent',
  'urgent-unanswered': 'admin.questions.filterUrgentUnanswered',
  reported: 'admin.questions.filterReported',
  unanswered: 'admin.questions.filterUnanswered',
} as const;

/** Every question, searched and filtered, with delete (after the spec's confirmation). */
export function QuestionsTab() {
  const { t, locale } = useTranslation();
  const { get, update } = useAdminParams();
  const q = get('q');
  const category = oneOf<CategorySlug>(CATEGORY_SLUGS, get('category'));
  const filter = oneOf<QuestionFilter>(ADMIN_QUESTION_FILTERS, get('filter'));
  const query = useInfiniteQuery(adminQuestionsQuery({ q: q || undefined, category, filter }, locale));
  const [target, setTarget] = useState<AdminQuestion | null>(null);
  const [heading, focusHeading] = useFocusHeading();
  const remove = useDeleteQuestion({
    meta: { errorTitle: 'admin.questions.deleteFailed' },
    onSuccess: () => {
      toast({ title: t('admin.questions.deleted') });
      setTarget(null);
      focusHeading();
    },
  });
  const rows = query.data?.pages.flatMap((page) => page.questions) ?? [];

  const columns: Column<AdminQuestion>[] = [
    {
      key: 'title',
      header: t('admin.questions.question'),
      bare: true,
      className: 'lg:min-w-56',
      cell: (row) => (
        <span className="max-lg:text-base">
          {row.isUrgent && (
            <Badge colour="bg-red-700 text-white" className="mr-2">
              {t('questions.sos')}
            </Badge>
          )}
          <Link
            to={`/questions/${encodeURIComponent(row.id)}`}
            className="font-medium text-brand-800 underline"
          >
            {row.title}
          </Link>
        </span>
      ),
    },
    {
      key: 'category',
      header: t('admin.questions.category'),
      cell: (row) =>
        row.category ?? <span className="text-slate-600">{t('admin.questions.noCategory')}</span>,
    },
    {
      key: 'author',
      header: t('admin.questions.author'),
      cell: (row) => (
        <>
          <Person person={row.author} />{' '}
          {row.isAnonymous && (
            <Badge colour="bg-slate-700 text-white">{t('admin.questions.anonymous')}</Badge>
          )}
        </>
      ),
    },
    {
      key: 'replies',
      header: t('admin.questions.replies'),
      numeric: true,
      cell: (row) => formatNumber(row.replyCount, locale),
    },
    {
      key: 'human',
      header: t('admin.questions.humanReplies'),
      numeric: true,
      cell: (row) => formatNumber(row.humanReplyCount, locale),
    },
    {
      key: 'reports',
      header: t('admin.questions.openReports'),
      numeric: true,
      cell: (row) =>
        row.openReports > 0 ? (
          <strong className="text-red-800">{formatNumber(row.openReports, locale)}</strong>
        ) : (
          formatNumber(0, locale)
        ),
    },
    {
      key: 'created',
      header: t('admin.questions.created'),
      className: 'lg:whitespace-nowrap',
      cell: (row) => formatDate(row.createdAt, locale),
    },
    {
      key: 'actions',
      header: t('admin.list.actions'),
      bare: true,
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          className="max-lg:mt-2"
          aria-label={t('admin.questions.deleteLabel', { title: row.title })}
          onClick={() => setTarget(row)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('admin.questions.delete')}
        </Button>
      ),
    },
  ];

  return (
    <ListFrame
      id="admin-questions-title"
      title={t('admin.questions.title')}
      heading={heading}
      filters={
        <ListFilters
          searchLabel={t('admin.questions.searchLabel')}
          search={q}
          onSearch={(v) => update({ q: v })}
        >
          <FilterSelect
            label={t('admin.questions.category')}
            value={category ?? 'all'}
            onChange={(value) => update({ category: value })}
            options={[
              { value: 'all', label: t('admin.questions.allCategories') },
              ...CATEGORIES.map((c) => ({ value: c.slug, label: c.name[locale] })),
            ]}
          />
          <FilterSelect
            label={t('admin.questions.filter')}
            value={filter ?? 'all'}
            onChange={(value) => update({ filter: value })}
            options={[
              { value: 'all', label: t('admin.questions.filterAll') },
              ...ADMIN_QUESTION_FILTERS.map((f) => ({ value: f, label: t(FILTER_KEYS[f]) })),
            ]}
          />
        </ListFilters>
      }
      query={query}
      count={rows.length}
      empty={t('admin.questions.empty')}
      after={
        <ConfirmDialog
          open={target !== null}
          title={t('admin.questions.deleteConfirm')}
          description={target ? t('admin.questions.deleteText', { title: target.title }) : undefined}
          confirmLabel={t('admin.questions.delete')}
          danger
          pending={remove.isPending}
          failedTitle="admin.questions.deleteFailed"
          onConfirm={(reason) => target && remove.mutate({ id: target.id, reason })}
          onClose={() => setTarget(null)}
        />
      }
    >
      <DataTable
        caption={t('admin.questions.title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
      />
    </ListFrame>
  );
}
