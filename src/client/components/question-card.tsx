import { CheckCircle2, Mic } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { CATEGORIES } from '../../shared/categories';
import type { Question } from '../../shared/schemas/questions';
import { useNow } from '../lib/clock';
import { cn } from '../lib/cn';
import { excerpt } from '../../shared/text';
import { initials, relativeTime } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { markdownText } from '../../shared/markdown-text';
import { QuestionActions } from './question-actions';
import { Badge } from './ui/card';

const MAX_TAGS = 4;
/** A card's clamped lines show about this much of the question and of Chloe's reply, even on a wide screen. */
const CONTENT_CHARS = 320;
const REPLY_CHARS = 240;

/** Badge classes for each category's colour (src/shared/categories.ts); each pair keeps at least 4.5:1 contrast. */
const CATEGORY_COLOURS: Record<(typeof CATEGORIES)[number]['colour'], string> = {
  blue: 'bg-blue-100 text-blue-900',
  violet: 'bg-violet-100 text-violet-900',
  amber: 'bg-amber-100 text-amber-900',
  emerald: 'bg-emerald-100 text-emerald-900',
  cyan: 'bg-cyan-100 text-cyan-900',
  fuchsia: 'bg-fuchsia-100 text-fuchsia-900',
  red: 'bg-red-100 text-red-900',
};

function categoryClasses(slug: string | null): string {
  const category = CATEGORIES.find((c) => c.slug === slug);
  return category ? CATEGORY_COLOURS[category.colour] : 'bg-slate-100 text-slate-800';
}

export function AuthorLine({ author, createdAt }: { author: Question['author']; createdAt: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const name = author?.displayName ?? t('questions.anonymous');
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
      >
        {author ? initials(author.displayName) : '?'}
      </span>
      <span className="min-w-0">
        <span className="font-medium text-slate-900">{name}</span>
        {author && (
          <Badge
            className="ml-1.5"
            colour={author.role === 'student' ? 'bg-slate-100 text-slate-800' : 'bg-brand-100 text-brand-800'}
          >
            {t(`roles.${author.role}`)}
          </Badge>
        )}
        <span className="block text-slate-600">
          <time dateTime={createdAt}>{relativeTime(createdAt, t, now)}</time>
        </span>
      </span>
    </div>
  );
}

export function QuestionBadges({ question }: { question: Question }) {
  const { t } = useTranslation();
  return (
    <>
      {question.isUrgent && <Badge colour="bg-red-700 text-white">{t('questions.sos')}</Badge>}
      {question.category && (
        <Badge colour={categoryClasses(question.categorySlug)}>{question.category}</Badge>
      )}
      {question.hasVoiceNote && (
        <Badge>
          <Mic aria-hidden="true" className="mr-1 h-3.5 w-3.5" />
          {t('questions.voiceNote')}
        </Badge>
      )}
      {question.helpfulCount > 0 && (
        <Badge colour="bg-emerald-100 text-emerald-900">
          <CheckCircle2 aria-hidden="true" className="mr-1 h-3.5 w-3.5" />
          {t('questions.hasHelpful')}
        </Badge>
      )}
    </>
  );
}

/**
 * A question in a list. `compact` (the SOS lane, which says they are urgent) keeps who asked and the title, so
 * urgent questions do not push the rest of the feed screens down on a phone. A list drawn again (the next step of
 * useDrawnInSteps, the feed's own state) leaves alone the cards whose question is the same object. A card away from
 * the screen is neither styled nor laid out until it comes near it (`content-visibility`), keeping its last height:
 * a phone does a long list's work a screen at a time.
 */
export const QuestionCard = memo(function QuestionCard({
  question,
  compact = false,
}: {
  question: Question;
  compact?: boolean;
}) {
  return (
    <article
      aria-labelledby={`q-${question.id}`}
      className={cn(
        'rounded-xl border bg-white shadow-sm wrap-anywhere [contain-intrinsic-size:auto_16rem] [content-visibility:auto]',
        compact ? 'p-3 sm:p-4' : 'p-4 sm:p-5',
        question.isUrgent ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <AuthorLine author={question.author} createdAt={question.createdAt} />
        {!compact && (
          <div className="flex flex-wrap gap-1.5">
            <QuestionBadges question={question} />
          </div>
        )}
      </div>
      <h3
        id={`q-${question.id}`}
        className={cn('font-semibold text-slate-900', compact ? 'mt-2 text-base' : 'mt-3 text-lg')}
      >
        <Link to={`/questions/${question.id}`} lang={question.language} className="hover:underline">
          {question.title}
        </Link>
      </h3>
      {!compact && <CardDetails question={question} />}
    </article>
  );
});

function CardDetails({ question }: { question: Question }) {
  const { t } = useTranslation();
  const aiReply = question.replies.find((reply) => reply.isAiReply);
  const hiddenTags = question.tags.length - MAX_TAGS;
  return (
    <>
      <p lang={question.language} className="mt-1 line-clamp-3 whitespace-pre-line text-slate-700">
        {excerpt(question.content, CONTENT_CHARS)}
      </p>
      {question.tags.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('questions.tags')}>
          {question.tags.slice(0, MAX_TAGS).map((tag) => (
            <li key={tag}>
              <Badge>#{tag}</Badge>
            </li>
          ))}
          {hiddenTags > 0 && (
            <li>
              <Badge colour="bg-white text-slate-700 ring-1 ring-slate-300">
                {t('questions.moreTags', { count: hiddenTags })}
              </Badge>
            </li>
          )}
        </ul>
      )}
      {aiReply && (
        <div className="mt-3 rounded-lg bg-brand-50 p-3 text-sm">
          <p className="font-semibold text-brand-800">{t('questions.chloeReplied')}</p>
          <p className="line-clamp-2 text-slate-800">{excerpt(markdownText(aiReply.content), REPLY_CHARS)}</p>
        </div>
      )}
      <div className="mt-3 border-t border-slate-100 pt-2">
        <QuestionActions question={question} />
      </div>
    </>
  );
}

export function QuestionCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex items-center gap-2">
        <div className="h-9 w-9 animate-pulse rounded-full bg-slate-200" />
        <div className="h-4 w-32 animate-pulse rounded bg-slate-200" />
      </div>
      <div className="mt-4 h-5 w-3/4 animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-full animate-pulse rounded bg-slate-200" />
      <div className="mt-2 h-4 w-2/3 animate-pulse rounded bg-slate-200" />
    </div>
  );
}
