import { useInfiniteQuery } from '@tanstack/react-query';
import { Pencil, Plus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import {
  AUS_STATES,
  DIRECTORY_ENTRY_TYPES,
  GOVERNMENT_CATEGORIES,
  LOCAL_CATEGORIES,
  type DirectoryEntryType,
} from '../../../shared/directory';
import {
  ADMIN_DIRECTORY_STATUSES,
  type AdminDirectoryRow,
  type AdminDirectoryStatus,
} from '../../../shared/schemas/directory';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { adminDirectoryQuery } from '../../data/directory';
import { formatDate, formatNumber } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { DataTable, type Column } from './data-table';
import { ListFrame } from './list-frame';
import { DirectoryEditor } from './directory-editor';
import { FilterSelect, ListFilters } from './filters';
import { oneOf, useAdminParams } from './use-admin-params';
import { useFocusHeading } from './use-focus-heading';

const STATUS_KEYS = {
  active: 'directory.admin.statusActive',
  'needs-review': 'directory.admin.statusNeedsReview',
  archived: 'directory.admin.statusArchived',
  all: 'directory.admin.statusAll',
} as const;

/**
 * The directory the readers find, curated: organisations or government services, filtered and searched, each
 * opened in the editor (`edit` in the address: an id, or "new"). Its open reports come from the list row.
 */
export function DirectoryTab() {
  const { t, locale } = useTranslation();
  const { get, update } = useAdminParams();
  const [heading, focusHeading] = useFocusHeading();
  const type: DirectoryEntryType = oneOf(DIRECTORY_ENTRY_TYPES, get('type')) ?? 'organisation';
  const categories = type === 'organisation' ? LOCAL_CATEGORIES : GOVERNMENT_CATEGORIES;
  const state = oneOf([...AUS_STATES, 'national' as const], get('state'));
  const category = oneOf<string>(categories, get('category'));
  const status: AdminDirectoryStatus = oneOf(ADMIN_DIRECTORY_STATUSES, get('status')) ?? 'active';
  const q = get('q');
  const edit = get('edit');
  const query = useInfiniteQuery({
    ...adminDirectoryQuery(
      {
        type,
        state,
        category: category as never,
        status: status === 'active' ? undefined : status,
        q: q || undefined,
      },
      locale,
    ),
    enabled: !edit,
  });
  const rows = query.data?.pages.flatMap((page) => page.entries) ?? [];
  // Back from the editor, the reader goes on at the list's heading (once the address has changed).
  const returning = useRef(false);
  useEffect(() => {
    if (!edit && returning.current) {
      returning.current = false;
      focusHeading();
    }
  }, [edit, focusHeading]);

  if (edit) {
    return (
      <DirectoryEditor
        key={`${type}:${edit}`}
        type={type}
        id={edit === 'new' ? null : edit}
        openReports={Number(get('reports')) || 0}
        onDone={() => {
          returning.current = true;
          update({ edit: undefined, reports: undefined });
        }}
      />
    );
  }

  const columns: Column<AdminDirectoryRow>[] = [
    {
      key: 'name',
      header: t('directory.admin.name'),
      bare: true,
      className: 'lg:min-w-56',
      cell: (row) => (
        <span className="max-lg:text-base">
          <span className="font-medium text-slate-900">{row.name}</span>
          <span className="mt-1 flex flex-wrap gap-1">
            {row.needsReview && !row.archived && (
              <Badge colour="bg-amber-100 text-amber-900">{t('directory.admin.needsReviewBadge')}</Badge>
            )}
            {row.archived && (
              <Badge colour="bg-slate-700 text-white">{t('directory.admin.archivedBadge')}</Badge>
            )}
            {row.edited && (
              <Badge colour="bg-brand-50 text-brand-900">{t('directory.admin.editedBadge')}</Badge>
            )}
          </span>
        </span>
      ),
    },
    {
      key: 'place',
      header: t('directory.admin.place'),
      cell: (row) =>
        [row.place, row.state === 'national' ? t('directory.admin.national') : row.state]
          .filter(Boolean)
          .join(', '),
    },
    {
      key: 'category',
      header: t('directory.admin.category'),
      cell: (row) => t(`help.categories.${row.category as 'community'}`),
    },
    {
      key: 'reviewed',
      header: t('directory.admin.reviewed'),
      className: 'lg:whitespace-nowrap',
      cell: (row) => formatDate(row.lastReviewed, locale),
    },
    {
      key: 'reports',
      header: t('directory.admin.reports'),
      numeric: true,
      cell: (row) =>
        row.openReports > 0 ? (
          <strong className="text-red-800">{formatNumber(row.openReports, locale)}</strong>
        ) : (
          formatNumber(0, locale)
        ),
    },
    {
      key: 'actions',
      header: t('directory.admin.actions'),
      bare: true,
      cell: (row) => (
        <Button
          variant="secondary"
          size="sm"
          className="max-lg:mt-2"
          aria-label={t('directory.admin.editLabel', { name: row.name })}
          onClick={() => update({ edit: row.id, reports: row.openReports || undefined })}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {t('directory.admin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <ListFrame
      id="admin-directory-title"
      title={t('directory.admin.title')}
      heading={heading}
      action={
        <Button onClick={() => update({ edit: 'new' })} className="max-sm:w-full">
          <Plus aria-hidden="true" className="h-5 w-5" />
          {t(type === 'organisation' ? 'directory.admin.add' : 'directory.admin.addService')}
        </Button>
      }
      intro={t('directory.admin.intro')}
      filters={
        <>
          <div className="mb-3 grid gap-3 sm:grid-cols-2 md:grid-cols-3">
            <FilterSelect
              label={t('directory.admin.kind')}
              value={type}
              onChange={(value) =>
                update({
                  type: value === 'organisation' ? undefined : value,
                  category: undefined,
                  state: undefined,
                })
              }
              options={[
                { value: 'organisation', label: t('directory.admin.organisations') },
                { value: 'government', label: t('directory.admin.government') },
              ]}
            />
            <FilterSelect
              label={t('directory.admin.status')}
              value={status}
              onChange={(value) => update({ status: value === 'active' ? undefined : value })}
              options={ADMIN_DIRECTORY_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) }))}
            />
          </div>
          <ListFilters
            searchLabel={t('directory.admin.searchLabel')}
            search={q}
            onSearch={(v) => update({ q: v })}
          >
            <FilterSelect
              label={t('directory.admin.state')}
              value={state ?? 'all'}
              onChange={(value) => update({ state: value })}
              options={[
                { value: 'all', label: t('directory.admin.allStates') },
                ...AUS_STATES.map((s) => ({ value: s, label: t(`help.states.${s}`) })),
                ...(type === 'government'
                  ? [{ value: 'national', label: t('directory.admin.national') }]
                  : []),
              ]}
            />
            <FilterSelect
              label={t('directory.admin.category')}
              value={category ?? 'all'}
              onChange={(value) => update({ category: value })}
              options={[
                { value: 'all', label: t('directory.admin.allCategories') },
                ...categories.map((c) => ({ value: c, label: t(`help.categories.${c}`) })),
              ]}
            />
          </ListFilters>
        </>
      }
      query={query}
      count={rows.length}
      empty={t('directory.admin.empty')}
    >
      <DataTable
        caption={t('directory.admin.title')}
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.type}:${row.id}`}
      />
    </ListFrame>
  );
}
