import '../../lib/page-texts';
import { Link } from 'react-router';
import { CATEGORIES } from '../../../shared/categories';
import { WAITING_TOTAL_CAP } from '../../../shared/limits';
import type { WaitingQuestion } from '../../../shared/schemas/mentoring';
import { ClaimControls } from '../../components/claim-controls';
import { LoadFailed } from '../../components/load-failed';
import { MorePages } from '../../components/more-pages';
import { Page } from '../../components/page';
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { useWaiting } from '../../data/mentoring';
import { useAuth } from '../../lib/auth';
import { formatNumber } from '../../lib/format';
import { languageName } from '../../../shared/languages';
import { useTranslation, type TFunction } from '../../lib/i18n';

const HOUR = 3600;
const DAY = 24 * HOUR;

/** "Waiting 3 hours", "Waiting 2 days": how long a question has had no answer from a person. */
function waitedFor(seconds: number, t: TFunction): string {
  if (seconds >= DAY) return t('mentoring.waited.days', { count: Math.floor(seconds / DAY) });
  if (seconds >= HOUR) return t('mentoring.waited.hours', { count: Math.floor(seconds / HOUR) });
  return t('mentoring.waited.minutes', { count: Math.max(1, Math.floor(seconds / 60)) });
}

function WaitingItem({ question }: { question: WaitingQuestion }) {
  const { t, locale } = useTranslation();
  const category = CATEGORIES.find((entry) => entry.slug === question.categorySlug);
  const titleId = `waiting-${question.id}`;
  return (
    <li>
      <Card className="p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-1.5">
          {question.isUrgent && <Badge colour="bg-red-700 text-white">{t('mentoring.sos')}</Badge>}
          <Badge>{category ? category.name[locale] : t('mentoring.noTopic')}</Badge>
          <Badge>{languageName(question.language, locale)}</Badge>
          {question.matches && (
            <Badge colour="bg-emerald-100 text-emerald-900">{t('mentoring.matches')}</Badge>
          )}
        </div>
        <h2 id={titleId} className="mt-3 text-lg font-semibold text-slate-900">
          <Link to={`/questions/${question.id}`} className="hover:underline">
            {question.title}
          </Link>
        </h2>
        <p className="mt-1 line-clamp-3 text-slate-700">{question.excerpt}</p>
        <p className="mt-2 text-sm text-slate-600">{waitedFor(question.waitingSeconds, t)}</p>
        <ClaimControls
          questionId={question.id}
          claim={question.claim}
          describedBy={titleId}
          className="mt-3"
        />
      </Card>
    </li>
  );
}

function WaitingList() {
  const { t, locale } = useTranslation();
  const list = useWaiting();
  const questions = list.data?.pages.flatMap((page) => page.questions) ?? [];
  const total = list.data?.pages[0]?.total;

  if (list.isPending)
    return (
      <ul aria-busy="true" className="space-y-3">
        {[0, 1, 2].map((n) => (
          <li key={n}>
            <Skeleton className="h-36 w-full" />
          </li>
        ))}
      </ul>
    );
  if (list.isError && !list.data)
    return <LoadFailed text={t('mentoring.loadFailed')} onRetry={() => void list.refetch()} />;
  if (questions.length === 0)
    return (
      <Card className="text-center">
        <h2 className="text-xl font-semibold text-slate-900">{t('mentoring.empty')}</h2>
        <p className="mt-2 text-slate-700">{t('mentoring.emptyText')}</p>
      </Card>
    );
  return (
    <>
      {total !== undefined && (
        <p role="status" className="mb-4 text-slate-700">
          {total >= WAITING_TOTAL_CAP
            ? t('mentoring.totalAtLeast', { count: formatNumber(WAITING_TOTAL_CAP, locale) })
            : t('mentoring.total', { count: total })}
        </p>
      )}
      <ul className="space-y-3">
        {questions.map((question) => (
          <WaitingItem key={question.id} question={question} />
        ))}
      </ul>
      <MorePages
        list={list}
        more={t('mentoring.showMore')}
        loading={t('mentoring.loadingMore')}
        failed={t('mentoring.loadFailed')}
      />
    </>
  );
}

/**
 * /mentor, "Waiting for you": the questions no person has answered yet, for a verified mentor to take. Others are
 * told what the page is for (the router has already sent visitors to sign in).
 */
export function WaitingPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const mentor = user?.role === 'mentor' && user.mentorVerified;
  if (!mentor)
    return (
      <Page title={t('mentoring.notMentorTitle')} width="medium">
        <p className="text-slate-700">{t('mentoring.notMentorText')}</p>
      </Page>
    );
  return (
    <Page title={t('mentoring.title')} lead={t('mentoring.lead')} width="medium">
      <WaitingList />
    </Page>
  );
}
