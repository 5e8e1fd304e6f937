import { ArrowLeft } from 'lucide-react';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../components/load-failed';
import { ClaimControls } from '../../components/claim-controls';
import { Page } from '../../components/page';
import { QuestionBadges } from '../../components/question-card';
import { buttonClasses } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { useTranslation } from '../../lib/i18n';
import { useReadQuestionNotifications } from '../../data/notifications';
import { isMissingQuestion, useQuestion } from '../../data/questions';
import { usePostTranslation } from './post-language';
import { QuestionDetails } from './question-details';
import { Replies } from './replies';

export function QuestionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuestion(id);

  // A question on screen stays there when fetching it again fails (its replies are fetched again as they come).
  if (query.data === undefined && !query.isError) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.data === undefined) {
    const missing = isMissingQuestion(query.error);
    return (
      <Page title={missing ? t('notFound.title') : t('questions.loadError')} width="medium">
        <Link to="/" className={`${buttonClasses('ghost', 'sm')} mb-4`}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('questions.back')}
        </Link>
        {missing ? (
          <p className="text-slate-700">{t('questions.notFound')}</p>
        ) : (
          <LoadFailed text={query.error.message} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  return <QuestionShown question={query.data} />;
}

/**
 * A person other than the asker has replied (an anonymous asker's own replies show no author): no mentor takes it
 * any more. The server decides in the end.
 */
const hasPersonsAnswer = (question: QuestionDetail) =>
  question.replies.some(
    (reply) =>
      !reply.isAiReply && reply.author !== null && reply.author.displayName !== question.author?.displayName,
  );

/** The question on screen: what its reader was told about it is read. */
function QuestionShown({ question }: { question: QuestionDetail }) {
  useReadQuestionNotifications(question.id, question.replies.length);
  const post = {
    kind: 'question' as const,
    id: question.id,
    language: question.language,
    isOwn: question.isOwn,
  };
  const translation = usePostTranslation(post);
  const shown = translation.shown;
  return (
    <Page
      title={shown?.title ?? question.title}
      titleLang={shown?.language ?? question.language}
      width="medium"
    >
      <div className="-mt-4 mb-4 flex flex-wrap gap-1.5">
        <QuestionBadges question={question} />
      </div>
      <QuestionDetails question={question} translation={translation} />
      <ClaimControls
        questionId={question.id}
        claim={question.claim}
        answered={question.isOwn || hasPersonsAnswer(question)}
        className="mt-4"
      />
      <Replies question={question} />
    </Page>
  );
}
