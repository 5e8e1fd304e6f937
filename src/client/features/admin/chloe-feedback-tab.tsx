import { useInfiniteQuery } from '@tanstack/react-query';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { FEEDBACK_RATINGS, type FeedbackRating } from '../../../shared/chloe';
import type { ChloeFeedbackItem } from '../../../shared/schemas/ai';
import { chloeFeedbackQuery } from '../../data/admin';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { DataTable, ListState, LoadMoreButton, useLoadMore, type Column } from './data-table';
import { FilterSelect } from './filters';
import { languageName } from '../../../shared/languages';
import { useAdminParams } from './use-admin-params';

const isRating = (value: string): value is FeedbackRating =>
  (FEEDBACK_RATINGS as readonly string[]).includes(value);

function Rating({ rating }: { rating: FeedbackRating }) {
  const { t } = useTranslation();
  const Icon = rating === 'up' ? ThumbsUp : ThumbsDown;
  return (
    <span
      className={
        rating === 'up'
          ? 'inline-flex items-center gap-1.5 font-medium text-green-800'
          : 'inline-flex items-center gap-1.5 font-medium text-red-800'
      }
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {t(rating === 'up' ? 'admin.chloeFeedback.up' : 'admin.chloeFeedback.down')}
    </span>
  );
}

/** The conversation the person shared, folded until the admin opens it. */
function Conversation({ turns }: { turns: NonNullable<ChloeFeedbackItem['conversation']> }) {
  const { t } = useTranslation();
  return (
    <details className="group">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-brand-800 underline">
        {t('admin.chloeFeedback.showConversation', { count: turns.length })}
      </summary>
      <ol className="mt-2 space-y-2">
        {turns.map((turn, index) => (
          <li
            key={index}
            className={turn.role === 'user' ? 'rounded-lg bg-brand-50 p-2' : 'rounded-lg bg-slate-100 p-2'}
          >
            <p className="text-xs font-semibold text-slate-700">
              {turn.role === 'user' ? t('admin.chloeFeedback.person') : t('admin.chloeFeedback.chloe')}
            </p>
            <p className="whitespace-pre-wrap">{turn.content}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

/** What people said about Chloe's answers: the rating, their reason, the sources and, if shared, the chat. */
export function ChloeFeedbackTab() {
  const { t, locale } = useTranslation();
  const { get, update } = useAdminParams();
  const asked = get('rating');
  const rating = isRating(asked) ? asked : undefined;
  const query = useInfiniteQuery(chloeFeedbackQuery(rating));
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const { rows: list, more } = useLoadMore(query, rows.length);
  const none = <span className="text-slate-600">{t('admin.list.none')}</span>;

  const columns: Column<ChloeFeedbackItem>[] = [
    {
      key: 'sent',
      header: t('admin.chloeFeedback.sent'),
      className: 'lg:whitespace-nowrap',
      cell: (item) => <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, locale)}</time>,
    },
    {
      key: 'rating',
      header: t('admin.chloeFeedback.rating'),
      className: 'lg:whitespace-nowrap',
      cell: (item) => <Rating rating={item.rating} />,
    },
    {
      key: 'reason',
      header: t('admin.chloeFeedback.reason'),
      className: 'lg:min-w-48',
      cell: (item) => (item.reason ? <p className="whitespace-pre-wrap">{item.reason}</p> : none),
    },
    {
      key: 'sources',
      header: t('admin.chloeFeedback.sources'),
      cell: (item) =>
        item.sources.length > 0 ? (
          <ul className="space-y-1">
            {/* What the sender's page sent: shown as text, never as a link an admin might follow. */}
            {item.sources.map((url, i) => (
              <li key={`${i}-${url}`} className="break-all font-mono text-xs">
                {url}
              </li>
            ))}
          </ul>
        ) : (
          none
        ),
    },
    {
      key: 'conversation',
      header: t('admin.chloeFeedback.conversation'),
      className: 'lg:min-w-56',
      cell: (item) =>
        item.conversation ? (
          <Conversation turns={item.conversation} />
        ) : (
          <span className="text-slate-600">{t('admin.chloeFeedback.notShared')}</span>
        ),
    },
    {
      key: 'language',
      header: t('admin.chloeFeedback.language'),
      cell: (item) => languageName(item.locale, locale),
    },
  ];

  return (
    <section aria-labelledby="admin-chloe-feedback-title">
      <h2 id="admin-chloe-feedback-title" className="text-xl font-semibold text-slate-900">
        {t('admin.tabs.chloeFeedback')}
      </h2>
      <p className="mt-1 text-slate-700">{t('admin.chloeFeedback.intro')}</p>
      <p className="mt-1 mb-4 text-slate-700">
        {query.data?.pages[0]?.feedReplies
          ? t('admin.chloeFeedback.feedReplies', query.data.pages[0].feedReplies)
          : ''}
      </p>
      <div className="mb-4 max-w-xs">
        <FilterSelect
          label={t('admin.chloeFeedback.rating')}
          value={rating ?? 'all'}
          options={[
            { value: 'all', label: t('admin.chloeFeedback.allRatings') },
            { value: 'up', label: t('admin.chloeFeedback.up') },
            { value: 'down', label: t('admin.chloeFeedback.down') },
          ]}
          onChange={(value) => update({ rating: value })}
        />
      </div>
      <ListState query={query} count={rows.length} empty={t('admin.chloeFeedback.empty')}>
        <div ref={list}>
          <DataTable
            caption={t('admin.tabs.chloeFeedback')}
            columns={columns}
            rows={rows}
            rowKey={(item) => item.id}
          />
        </div>
        <div className="mt-4 flex justify-center">
          {query.hasNextPage ? (
            <LoadMoreButton query={query} onMore={more} />
          ) : (
            <p className="text-sm text-slate-600">{t('admin.chloeFeedback.end')}</p>
          )}
        </div>
      </ListState>
    </section>
  );
}
