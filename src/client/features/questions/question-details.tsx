import { useNavigate } from 'react-router';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { Linkify } from '../../components/linkify';
import { QuestionActions } from '../../components/question-actions';
import { AuthorLine } from '../../components/question-card';
import { Badge, Card } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { DeleteButton } from './delete-button';
import { PostLanguage, type PostTranslationState } from './post-language';
import { ReportButton } from './report-button';

/** The question itself: who asked and when, the text, voice note and tags, and what can be done with it. */
export function QuestionDetails({
  question,
  translation,
}: {
  question: QuestionDetail;
  translation: PostTranslationState;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  const shown = translation.shown ?? question;
  return (
    <Card className="wrap-anywhere">
      <AuthorLine author={question.author} createdAt={question.createdAt} />
      <p lang={shown.language} className="mt-4 whitespace-pre-line text-slate-800">
        <Linkify text={shown.content} />
      </p>
      <PostLanguage
        post={{ kind: 'question', id: question.id, language: question.language, isOwn: question.isOwn }}
        translation={translation}
      />
      {question.hasVoiceNote && (
        <div className="mt-4">
          <p className="text-sm font-medium text-slate-700">{t('questions.voiceNote')}</p>
          <audio
            controls
            preload="none"
            src={`/api/questions/${question.id}/voice-note`}
            className="mt-1 w-full"
          />
        </div>
      )}
      {question.tags.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t('questions.tags')}>
          {question.tags.map((tag) => (
            <li key={tag}>
              <Badge>#{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-slate-100 pt-2">
        <QuestionActions question={question} showReplies={false} />
        <div className="mt-1 flex flex-wrap justify-end gap-1">
          <ReportButton post={{ kind: 'question', id: question.id }} />
          {(question.isOwn || user?.role === 'admin') && (
            <DeleteButton
              post={{ kind: 'question', id: question.id }}
              confirmKey="questions.deleteQuestionConfirm"
              onDeleted={() => navigate('/', { replace: true })}
            />
          )}
        </div>
      </div>
    </Card>
  );
}
