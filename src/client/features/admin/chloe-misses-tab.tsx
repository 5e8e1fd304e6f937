import { useInfiniteQuery } from '@tanstack/react-query';
import { BookPlus, FilePlus2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { CHLOE_MISS_STATUSES, type ChloeMissStatus } from '../../../shared/chloe';
import type { ChloeMiss } from '../../../shared/schemas/ai';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { chloeMissesQuery, useDecideMiss, type MissDecision } from '../../data/admin';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { DataTable, type Column } from './data-table';
import { FilterSelect } from './filters';
import { ListFrame } from './list-frame';
import { oneOf, useAdminParams } from './use-admin-params';
import { languageName } from '../../../shared/languages';
import { useFocusHeading } from './use-focus-heading';

const DONE: Record<MissDecision['action'], MessageKey> = {
  attach: 'admin.chloeMisses.attached',
  'needs-article': 'admin.chloeMisses.markedNeedsArticle',
  dismiss: 'admin.chloeMisses.dismissed',
};

/** A question cut short for a button's accessible name. */
const short = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/** The actions on one miss: attach it to the article chosen, mark it "needs an article", or dismiss it. */
function MissActions({
  miss,
  articles,
  decide,
  busy,
}: {
  miss: ChloeMiss;
  articles: { id: string; title: string }[];
  decide: (decision: MissDecision) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [articleId, setArticleId] = useState(miss.articleId ?? '');
  const question = short(miss.question);
  return (
    <div className="flex flex-col gap-2 max-lg:mt-2 lg:min-w-64">
      <SelectField id={id} label={t('admin.chloeMisses.article')} value={articleId} onChange={setArticleId}>
        <option value="">{t('admin.chloeMisses.chooseArticle')}</option>
        {articles.map((article) => (
          <option key={article.id} value={article.id}>
            {article.title}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={busy || !articleId}
          aria-label={t('admin.chloeMisses.attachLabel', { question })}
          onClick={() => decide({ id: miss.id, action: 'attach', articleId })}
        >
          <BookPlus aria-hidden="true" className="h-4 w-4" />
          {t('admin.chloeMisses.attach')}
        </Button>
        {miss.status !== 'needs-article' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={t('admin.chloeMisses.needsArticleLabel', { question })}
            onClick={() => decide({ id: miss.id, action: 'needs-article' })}
          >
            <FilePlus2 aria-hidden="true" className="h-4 w-4" />
            {t('admin.chloeMisses.needsArticle')}
          </Button>
        )}
        {miss.status !== 'dismissed' && (
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            aria-label={t('admin.chloeMisses.dismissLabel', { question })}
            onClick={() => decide({ id: miss.id, action: 'dismiss' })}
          >
            <X aria-hidden="true" className="h-4 w-4" />
            {t('admin.chloeMisses.dismiss')}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * Chloe's misses (decision 053): what she answered with nothing, what was thumbed down, what was taken to the
 * community after her answer. Attaching one to an article teaches her: the question joins the article's.
 */
export function ChloeMissesTab() {
  const { t, locale } = useTranslation();
  const { get, update } = useAdminParams();
  const status: ChloeMissStatus = oneOf(CHLOE_MISS_STATUSES, get('status')) ?? 'open';
  const query = useInfiniteQuery(chloeMissesQuery(status, locale));
  const rows = query.data?.pages.flatMap((page) => page.misses) ?? [];
  const articles = query.data?.pages[0]?.articles ?? [];
  const titles = new Map(articles.map((article) => [article.id, article.title]));
  const [heading, focusHeading] = useFocusHeading();
  const decide = useDecideMiss({
    meta: { errorTitle: 'admin.chloeMisses.actionFailed' },
    onSuccess: (_, decision) => {
      toast({ title: t(DONE[decision.action]) });
      focusHeading();
    },
  });

  const columns: Column<ChloeMiss>[] = [
    {
      key: 'question',
      header: t('admin.chloeMisses.question'),
      bare: true,
      className: 'lg:min-w-64',
      cell: (miss) => (
        <p lang={miss.locale} className="font-medium whitespace-pre-wrap text-slate-900 max-lg:text-base">
          {miss.question}
        </p>
      ),
    },
    {
      key: 'kind',
      header: t('admin.chloeMisses.kind'),
      cell: (miss) => t(`admin.chloeMisses.kinds.${miss.kind}`),
    },
    {
      key: 'count',
      header: t('admin.chloeMisses.count'),
      numeric: true,
      cell: (miss) => formatNumber(miss.count, locale),
    },
    {
      key: 'language',
      header: t('admin.chloeMisses.language'),
      cell: (miss) => languageName(miss.locale, locale),
    },
    {
      key: 'first',
      header: t('admin.chloeMisses.first'),
      className: 'lg:whitespace-nowrap',
      cell: (miss) => <time dateTime={miss.createdAt}>{formatDateTime(miss.createdAt, locale)}</time>,
    },
    status === 'attached'
      ? {
          key: 'article',
          header: t('admin.chloeMisses.article'),
          cell: (miss) => (miss.articleId ? (titles.get(miss.articleId) ?? miss.articleId) : ''),
        }
      : {
          key: 'actions',
          header: t('admin.list.actions'),
          bare: true,
          cell: (miss) => (
            <MissActions
              miss={miss}
              articles={articles}
              decide={(decision) => decide.mutate(decision)}
              busy={decide.isPending && decide.variables?.id === miss.id}
            />
          ),
        },
  ];

  return (
    <ListFrame
      id="admin-chloe-misses-title"
      title={t('admin.tabs.chloeMisses')}
      heading={heading}
      intro={t('admin.chloeMisses.intro')}
      filters={
        <div className="mb-4 max-w-xs">
          <FilterSelect
            label={t('admin.chloeMisses.status')}
            value={status}
            options={CHLOE_MISS_STATUSES.map((value) => ({
              value,
              label: t(`admin.chloeMisses.statuses.${value}`),
            }))}
            onChange={(value) => update({ status: value })}
          />
        </div>
      }
      query={query}
      count={rows.length}
      empty={t('admin.chloeMisses.empty')}
    >
      <DataTable
        caption={t('admin.tabs.chloeMisses')}
        columns={columns}
        rows={rows}
        rowKey={(miss) => miss.id}
      />
    </ListFrame>
  );
}
