import { Phone, X } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORY_SLUGS, type CategorySlug } from '../../../shared/categories';
import { CRISIS_LINES } from '../../../shared/constants';
import type { Question } from '../../../shared/schemas/questions';
import { LoadFailed } from '../../components/load-failed';
import { Page } from '../../components/page';
import { QuestionCard, QuestionCardSkeleton } from '../../components/question-card';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useDrawnInSteps } from '../../lib/drawn-in-steps';
import { formatNumber } from '../../lib/format';
import { useTranslation, withTexts } from '../../lib/i18n';
import { feedQuestions, useFeed, useShowFeedTop, type FeedParams } from '../../data/questions';
import { CategoryChips, SearchBox } from './feed-filters';
import { LanguagesFirstToggle, useLanguagesFirst } from './languages-first';
import { FollowTopicButton } from './follow-topic';
import { NewQuestionsButton, useHeaderHeight, useNewQuestions } from './new-questions';

/** The Ask dialog (with its form validation) loads when it is first opened. */
const AskDialog = lazy(() =>
  withTexts(import('../../components/ask-dialog')).then((m) => ({ default: m.AskDialog })),
);

const AUTO_LOAD_PAGES = 3;

function asCategory(value: string | null): CategorySlug | undefined {
  return (CATEGORY_SLUGS as readonly string[]).includes(value ?? '') ? (value as CategorySlug) : undefined;
}

/** The lane shows this many urgent questions until the reader asks for all of them. */
const URGENT_SHOWN = 2;

/**
 * Recent SOS questions above the feed, with the crisis numbers always in view. Two show, so the regular
 * questions are not pushed screens down on a phone; "See all" opens the rest in place.
 */
function UrgentLane({ questions }: { questions: Question[] }) {
  const { t, locale } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = all ? questions : questions.slice(0, URGENT_SHOWN);
  return (
    <section aria-labelledby="sos-title" className="rounded-xl border-2 border-red-300 bg-red-50 p-4">
      <h2 id="sos-title" className="text-lg font-bold text-red-900">
        {t('questions.sosTitle')}
      </h2>
      <p className="mt-1 text-red-900">{t('questions.sosText')}</p>
      <p className="mt-2 flex flex-wrap gap-2">
        {CRISIS_LINES.filter((line) => line.id !== 'respect').map((line) => (
          <a key={line.id} href={`tel:${line.tel}`} className={buttonClasses('crisis', 'sm')}>
            <Phone aria-hidden="true" className="h-4 w-4" />
            {line.number}
          </a>
        ))}
      </p>
      <div id="sos-questions" className="mt-4 space-y-3">
        {shown.map((question) => (
          <QuestionCard key={question.id} question={question} compact />
        ))}
      </div>
      {questions.length > URGENT_SHOWN && (
        <Button
          variant="secondary"
          size="sm"
          className="mt-3"
          aria-expanded={all}
          aria-controls="sos-questions"
          onClick={() => setAll(!all)}
        >
          {all
            ? t('questions.sosSeeFewer')
            : t('questions.sosSeeAll', { count: formatNumber(questions.length, locale) })}
        </Button>
      )}
    </section>
  );
}

/** The pitch for everyone, with the way to ask for members and the join prompt under it for visitors. */
function WelcomeCard({ onAsk }: { onAsk: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Card tone="brand">
      <h2 className="text-lg font-semibold text-slate-900">{t('questions.welcomeTitle')}</h2>
      <p className="mt-1 text-slate-800">{t('questions.welcomeText')}</p>
      {user ? (
        <Button className="mt-4" onClick={onAsk}>
          {t('questions.ask')}
        </Button>
      ) : (
        <div className="mt-4 border-t border-brand-100 pt-4">
          <h3 className="font-semibold text-slate-900">{t('questions.joinTitle')}</h3>
          <p className="mt-1 text-slate-800">{t('questions.joinText')}</p>
          {/* Sign In is in the header, at every width. */}
          <Link to="/signup" className={cn(buttonClasses('primary'), 'mt-3')}>
            {t('questions.join')}
          </Link>
        </div>
      )}
    </Card>
  );
}

export function FeedPage({ sort }: { sort: 'trending' | 'latest' }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const category = asCategory(params.get('category'));
  const q = params.get('q')?.trim() || undefined;
  const [asking, setAsking] = useState(false);
  const languagesFirst = useLanguagesFirst();
  const first = languagesFirst.on ? languagesFirst.languages.join(',') : undefined;
  const shownList: FeedParams = { sort, category, q, first };
  const feed = useFeed(shownList);
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLElement>(null);
  const listTitle = useRef<HTMLHeadingElement>(null);

  const shown = useMemo(
    () =>
      new Set(feed.data?.pages.flatMap((page) => [...page.urgent, ...page.questions].map(({ id }) => id))),
    [feed.data],
  );
  const newQuestions = useNewQuestions(shownList, shown);
  const showFeedTop = useShowFeedTop(shownList);
  const headerHeight = useHeaderHeight();
  // The reader asked for the new ones: the list starts again from its newest, at the top of the screen, and
  // focus goes to its heading, so a screen reader and the keyboard go on from there.
  const showNewQuestions = () => {
    newQuestions.clear();
    void showFeedTop();
    listTitle.current?.focus({ preventScroll: true });
    list.current?.scrollIntoView({ block: 'start' });
  };

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  // More questions load as the reader nears the end of the list, a few pages' worth; after that the
  // button does it, so the footer can be reached.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  // The questions draw in a transition: React yields to the browser while it builds them. Until then the skeletons
  // stay, and no more are asked for.
  const data = useDeferredValue(feed.data);
  const pending = data === undefined && !feed.isError;
  const pages = data?.pages ?? [];
  const questions = useMemo(() => feedQuestions(data?.pages ?? []), [data]);
  // Ten cards arriving at once are drawn a few at a time (the newest on /latest come drawn, with the page's frame).
  const drawn = useDrawnInSteps(questions.length);
  const autoLoad =
    data !== undefined &&
    data === feed.data &&
    drawn === questions.length &&
    data.pages.length < AUTO_LOAD_PAGES;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || !autoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) =>
        entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && void fetchNextPage(),
      { rootMargin: '600px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, autoLoad]);

  const urgent = pages[0]?.urgent ?? [];
  const empty = data !== undefined && questions.length === 0 && urgent.length === 0;

  return (
    <Page
      title={sort === 'latest' ? t('frames.feedLatestTitle') : t('frames.feedTitle')}
      lead={t('frames.feedText')}
    >
      <div className="space-y-5">
        {sort === 'trending' ? (
          <WelcomeCard onAsk={() => setAsking(true)} />
        ) : (
          // Latest goes straight to the newest questions: only the way to ask stays above them.
          user && (
            <Button className="self-start" onClick={() => setAsking(true)}>
              {t('questions.ask')}
            </Button>
          )
        )}

        <SearchBox value={q ?? ''} onSearch={(value) => update({ q: value || undefined })} />
        <CategoryChips selected={category} onSelect={(slug) => update({ category: slug })} />
        <LanguagesFirstToggle state={languagesFirst} />
        {user && category && <FollowTopicButton key={category} slug={category} />}

        {q && (
          <p className="flex flex-wrap items-center gap-2 text-slate-800">
            <span className="font-medium">{t('questions.resultsFor', { q })}</span>
            <Button variant="ghost" size="sm" onClick={() => update({ q: undefined })}>
              <X aria-hidden="true" className="h-4 w-4" />
              {t('questions.clearSearch')}
            </Button>
          </p>
        )}

        {urgent.length > 0 && <UrgentLane questions={urgent} />}

        {/* A new list once the first page comes: the lane that arrives with it then adds to the page instead of
            pushing the skeletons down, which would count as a layout shift. */}
        <section
          key={pending ? 'loading' : 'loaded'}
          ref={list}
          aria-labelledby="feed-list-title"
          aria-busy={pending}
          style={{ scrollMarginTop: `calc(${headerHeight}px + 1rem)` }}
        >
          {/* Between the page's h1 and the cards' h3 titles. */}
          <h2 id="feed-list-title" ref={listTitle} tabIndex={-1} className="sr-only">
            {t('questions.questionsLabel')}
          </h2>
          <NewQuestionsButton
            count={newQuestions.count}
            onShow={showNewQuestions}
            headerHeight={headerHeight}
          />
          <div className="space-y-3">
            {pending && [0, 1, 2].map((n) => <QuestionCardSkeleton key={n} />)}
            {feed.isError && (
              <LoadFailed text={t('questions.loadError')} onRetry={() => void feed.refetch()} />
            )}
            {empty && (
              <Card className="text-center">
                <h3 className="text-xl font-bold text-slate-900">{t('questions.emptyTitle')}</h3>
                <p className="mt-2 text-slate-700">
                  {q ? t('questions.emptySearch') : t('questions.emptyText')}
                </p>
                <div className="mt-4">
                  {user ? (
                    <Button onClick={() => setAsking(true)}>{t('questions.askFirst')}</Button>
                  ) : (
                    <Link to="/signup" className={buttonClasses('primary')}>
                      {t('questions.join')}
                    </Link>
                  )}
                </div>
              </Card>
            )}
            {questions.slice(0, drawn).map((question) => (
              <QuestionCard key={question.id} question={question} />
            ))}
          </div>
        </section>

        <div ref={sentinel} className="flex justify-center py-2">
          {feed.hasNextPage ? (
            <Button
              variant="secondary"
              disabled={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {feed.isFetchingNextPage ? t('questions.loadingMore') : t('questions.loadMore')}
            </Button>
          ) : (
            questions.length > 0 && <p className="text-sm text-slate-600">{t('questions.end')}</p>
          )}
        </div>
      </div>
      {user && asking && (
        <Suspense fallback={null}>
          <AskDialog open={asking} onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </Page>
  );
}
