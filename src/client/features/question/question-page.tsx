import { ArrowLeft, Flag, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { REPORT_REASONS, type QuestionDetail, type Reply } from '../../../shared/schemas/questions';
import { Linkify } from '../../components/linkify';
import { Markdown } from '../../components/markdown';
import { Page } from '../../components/page';
import { AuthorLine, QuestionActions, QuestionBadges } from '../../components/question-card';
import { Button, buttonClasses } from '../../components/ui/button';
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { TextAreaField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast-store';
import { api, ApiError, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useTranslation } from '../../lib/i18n';
import { useInvalidateQuestions, useLoginRequired, useQuestion } from '../../lib/questions';

const REASON_KEYS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'question.reasonSpam',
  abuse: 'question.reasonAbuse',
  misleading: 'question.reasonMisleading',
  'personal-information': 'question.reasonPersonal',
  other: 'question.reasonOther',
};

function ReportButton({ path }: { path: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await api(path, {
        method: 'POST',
        body: { reason: String(form.get('reason')), details: String(form.get('details') ?? '') },
      });
      toast({ title: t('question.reportSent') });
      setOpen(false);
    } catch (error) {
      toast({ title: t('question.reportFailed'), description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => (user ? setOpen(true) : loginRequired('question.loginToReply'))}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t('question.report')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('question.reportTitle')}
        description={t('question.reportText')}
      >
        <form onSubmit={onSubmit} className="mt-4 space-y-4">
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">{t('question.reportReason')}</legend>
            {REPORT_REASONS.map((reason, index) => (
              <label key={reason} className="flex items-center gap-3 text-slate-800">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  defaultChecked={index === 0}
                  className="h-5 w-5"
                />
                {t(REASON_KEYS[reason])}
              </label>
            ))}
          </fieldset>
          <TextAreaField label={t('question.reportDetails')} name="details" maxLength={1000} rows={3} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {t('question.sendReport')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}

function DeleteButton({
  path,
  confirmKey,
  onDeleted,
}: {
  path: string;
  confirmKey: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const onClick = async () => {
    if (!window.confirm(t(confirmKey))) return;
    try {
      await api(path, { method: 'DELETE' });
      toast({ title: t('question.deleted') });
      onDeleted();
    } catch (error) {
      toast({ title: t('question.deleteFailed'), description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <Button variant="ghost" size="sm" onClick={() => void onClick()}>
      <Trash2 aria-hidden="true" className="h-4 w-4" />
      {t('question.delete')}
    </Button>
  );
}

function ReplyItem({ reply, onDeleted }: { reply: Reply; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <li
      className={cn(
        'rounded-xl border p-4 wrap-anywhere',
        reply.isAiReply ? 'border-brand-100 bg-brand-50' : 'border-slate-200 bg-white',
      )}
    >
      {reply.isAiReply ? (
        <div>
          <p className="font-semibold text-brand-800">{t('question.chloeName')}</p>
          <p className="mt-1 text-sm text-slate-700">{t('question.chloeDisclaimer')}</p>
        </div>
      ) : (
        <AuthorLine author={reply.author} createdAt={reply.createdAt} />
      )}
      {reply.isAiReply ? (
        <div className="mt-3 text-slate-800">
          <Markdown text={reply.content} />
        </div>
      ) : (
        <p className="mt-3 whitespace-pre-line text-slate-800">
          <Linkify text={reply.content} />
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        <ReportButton path={`/api/replies/${reply.id}/report`} />
        {(reply.isOwn || user?.role === 'admin') && (
          <DeleteButton
            path={`/api/replies/${reply.id}`}
            confirmKey="question.deleteReplyConfirm"
            onDeleted={onDeleted}
          />
        )}
      </div>
    </li>
  );
}

function ReplyForm({ question }: { question: QuestionDetail }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const invalidate = useInvalidateQuestions();
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  if (!user) {
    return (
      <Button onClick={() => loginRequired('question.loginToReply')}>{t('question.signInToReply')}</Button>
    );
  }
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = String(new FormData(event.currentTarget).get('content') ?? '').trim();
    if (!content) return;
    setBusy(true);
    try {
      await api(`/api/questions/${question.id}/replies`, { method: 'POST', body: { content } });
      toast({ title: t('question.replyPosted') });
      setFormKey((key) => key + 1);
      invalidate();
    } catch (error) {
      toast({ title: t('question.replyFailed'), description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form key={formKey} onSubmit={onSubmit} className="space-y-3">
      <TextAreaField
        label={t('question.replyLabel')}
        name="content"
        required
        maxLength={5000}
        rows={4}
        placeholder={t('question.replyPlaceholder')}
      />
      <Button type="submit" disabled={busy}>
        {busy ? t('question.postingReply') : t('question.postReply')}
      </Button>
    </form>
  );
}

export function QuestionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useAuth();
  const navigate = useNavigate();
  const invalidate = useInvalidateQuestions();
  const query = useQuestion(id);
  const back = (
    <Link to="/" className={`${buttonClasses('ghost', 'sm')} mb-4`}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      {t('question.back')}
    </Link>
  );

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return (
      <Page title={missing ? t('notFound.title') : t('feed.loadError')} width="medium">
        {back}
        <p className="text-slate-700">{missing ? t('question.notFound') : errorMessage(query.error)}</p>
      </Page>
    );
  }
  const question = query.data;
  return (
    <Page title={question.title} width="medium">
      <div className="-mt-4 mb-4 flex flex-wrap gap-1.5">
        <QuestionBadges question={question} />
      </div>
      <Card className="wrap-anywhere">
        <AuthorLine author={question.author} createdAt={question.createdAt} />
        <p className="mt-4 whitespace-pre-line text-slate-800">
          <Linkify text={question.content} />
        </p>
        {question.hasVoiceNote && (
          <div className="mt-4">
            <p className="text-sm font-medium text-slate-700">{t('question.voiceNote')}</p>
            <audio
              controls
              preload="none"
              src={`/api/questions/${question.id}/voice-note`}
              className="mt-1 w-full"
            />
          </div>
        )}
        {question.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label={t('question.tags')}>
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
            <ReportButton path={`/api/questions/${question.id}/report`} />
            {(question.isOwn || user?.role === 'admin') && (
              <DeleteButton
                path={`/api/questions/${question.id}`}
                confirmKey="question.deleteQuestionConfirm"
                onDeleted={() => {
                  invalidate();
                  navigate('/', { replace: true });
                }}
              />
            )}
          </div>
        </div>
      </Card>

      <section aria-labelledby="replies-title" className="mt-8">
        <h2 id="replies-title" className="text-xl font-semibold text-slate-900">
          {t('question.repliesTitle')} ({question.replyCount})
        </h2>
        {question.replies.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('question.noReplies')}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {question.replies.map((reply) => (
              <ReplyItem key={reply.id} reply={reply} onDeleted={invalidate} />
            ))}
          </ul>
        )}
        <div className="mt-6">
          <ReplyForm question={question} />
        </div>
      </section>
    </Page>
  );
}
