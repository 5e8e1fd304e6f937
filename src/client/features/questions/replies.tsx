import { BellRing, CheckCircle2, ThumbsUp } from 'lucide-react';
import { useLocation } from 'react-router';
import type { QuestionDetail, Reply } from '../../../shared/schemas/questions';
import { Linkify } from '../../components/linkify';
import { Markdown } from '../../components/markdown';
import { AuthorLine } from '../../components/question-card';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { replyAnchor } from '../../data/notifications';
import { useHelpful } from '../../data/questions';
import { DeleteButton } from './delete-button';
import { PostLanguage, usePostTranslation } from './post-language';
import { useLiveReplies } from './live-replies';
import { ReplyForm } from './reply-form';
import { ReportButton } from './report-button';
import { useChloeReply, WhatComesNext } from './what-comes-next';

/** The asker's "This helped" toggle on a reply to their question (not on their own reply). */
function HelpfulToggle({ questionId, reply }: { questionId: string; reply: Reply }) {
  const { t } = useTranslation();
  const mark = useHelpful({ meta: { errorTitle: 'questions.helpfulFailed' } });
  return (
    <Button
      variant={reply.helpful ? 'primary' : 'secondary'}
      size="sm"
      aria-pressed={reply.helpful}
      disabled={mark.isPending}
      onClick={() => mark.mutate({ questionId, replyId: reply.id, helpful: !reply.helpful })}
    >
      <ThumbsUp aria-hidden="true" className="h-4 w-4" />
      {t('questions.helpful')}
    </Button>
  );
}

/**
 * One reply: Chloe's in Markdown under her disclaimer, a member's as plain text with its links. The one a
 * notification's link names (`#reply-<id>`) is marked, in words as well as colour, and can take the focus: the page
 * opens there (app/layout.tsx) and a screen reader reads it, its mark first.
 */
function ReplyItem({ reply, question, opened }: { reply: Reply; question: QuestionDetail; opened: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const post = { kind: 'reply' as const, id: reply.id, language: reply.language, isOwn: reply.isOwn };
  const translation = usePostTranslation(post);
  const shown = translation.shown ?? reply;
  return (
    <li
      id={replyAnchor(reply.id)}
      tabIndex={opened ? -1 : undefined}
      className={cn(
        'scroll-mt-40 rounded-xl border p-4 wrap-anywhere',
        opened
          ? 'border-amber-500 bg-amber-50 ring-4 ring-amber-200 focus:outline-none motion-safe:animate-[reply-opened_1.5s_ease-out]'
          : reply.isAiReply
            ? 'border-brand-100 bg-brand-50'
            : 'border-slate-200 bg-white',
      )}
    >
      {opened && (
        <p className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-amber-900">
          <BellRing aria-hidden="true" className="h-4 w-4" />
          {t('questions.openedReply')}
        </p>
      )}
      {reply.isAiReply ? (
        <div>
          <p className="font-semibold text-brand-800">{t('questions.chloeName')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('questions.chloeDisclaimer')}</p>
        </div>
      ) : (
        <AuthorLine author={reply.author} createdAt={reply.createdAt} />
      )}
      {reply.isAiReply ? (
        <div lang={shown.language} className="mt-3 text-slate-800">
          <Markdown text={shown.content} />
        </div>
      ) : (
        <p lang={shown.language} className="mt-3 whitespace-pre-line text-slate-800">
          <Linkify text={shown.content} />
        </p>
      )}
      <PostLanguage post={post} translation={translation} />
      {reply.helpful && (
        <p className="mt-2">
          <Badge colour="bg-emerald-100 text-emerald-900">
            <CheckCircle2 aria-hidden="true" className="mr-1 inline h-4 w-4" />
            {t('questions.helpedAsker')}
          </Badge>
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        {question.isOwn && !reply.isOwn && <HelpfulToggle questionId={question.id} reply={reply} />}
        <ReportButton post={{ kind: 'reply', id: reply.id }} />
        {(reply.isOwn || user?.role === 'admin') && (
          <DeleteButton post={{ kind: 'reply', id: reply.id }} confirmKey="questions.deleteReplyConfirm" />
        )}
      </div>
    </li>
  );
}

/** The replies to a question, as they come, and the form to add one. */
export function Replies({ question }: { question: QuestionDetail }) {
  const { t } = useTranslation();
  const { answering: chloeAnswering } = useChloeReply(question);
  const arrived = useLiveReplies(question, chloeAnswering);
  const { hash } = useLocation();
  return (
    <section aria-labelledby="replies-title" className="mt-8">
      <h2 id="replies-title" className="text-xl font-semibold text-slate-900">
        {t('questions.repliesTitle')} ({question.replyCount})
      </h2>
      {/* Each reply that comes is a new line in the region, so the next one is read even if its words are the same. */}
      <p aria-live="polite" className="sr-only">
        {arrived && (
          <span key={arrived.id}>
            {arrived.isAiReply
              ? t('questions.chloeReplied')
              : t('questions.newReply', { name: arrived.author?.displayName ?? t('questions.anonymous') })}
          </span>
        )}
      </p>
      <WhatComesNext question={question} />
      {question.replies.length === 0 ? (
        !chloeAnswering && <p className="mt-2 text-slate-700">{t('questions.noReplies')}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {question.replies.map((reply) => (
            <ReplyItem
              key={reply.id}
              reply={reply}
              question={question}
              opened={hash === `#${replyAnchor(reply.id)}`}
            />
          ))}
        </ul>
      )}
      <div className="mt-6">
        <ReplyForm questionId={question.id} />
      </div>
    </section>
  );
}
