import '../lib/page-texts';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CATEGORIES } from '../../shared/categories';
import { CRISIS_LINES } from '../../shared/constants';
import { splitTags } from '../../shared/limits';
import { useSchemas } from '../lib/schemas';
import { toastInvalid } from './invalid-input';
import { PushOffer } from './push-offer';
import { Button } from './ui/button';
import { Field, inputClasses, TextAreaField } from './ui/field';
import { Modal } from './ui/modal';
import { toast } from '../lib/toast';
import { useTranslation } from '../lib/i18n';
import { useAddVoiceNote, useAskQuestion } from '../data/posts';
import type { AskedState } from '../data/questions';
import { takePushOffer } from '../data/push';
import { askDraft, forgetAskDraft, keepAskDraft } from '../lib/ask-draft';
import { SimilarAnswers } from './similar-answers';
import { VoiceRecorder } from './voice-recorder';

/**
 * The Ask a Question dialog: title, details, category, tags, voice note, anonymous and SOS. `initialTitle` and
 * `initialContent` fill the form to start with (a question Chloe could not answer), for the person to change;
 * otherwise it starts from the draft left when the person opened something the dialog found (similar-answers.tsx).
 */
export function AskDialog({
  open,
  onClose,
  initialTitle,
  initialContent,
  onPosted,
}: {
  open: boolean;
  onClose: () => void;
  initialTitle?: string;
  initialContent?: string;
  /** Told once the question is posted. */
  onPosted?: () => void;
}) {
  const { t, locale } = useTranslation();
  const navigate = useNavigate();
  const categoryId = useId();
  const [urgent, setUrgent] = useState(false);
  const [voice, setVoice] = useState<Blob | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [offeringAlerts, setOfferingAlerts] = useState(false);
  // The question as written so far: what already answers it is shown as the person types.
  const [start, setStart] = useState(() =>
    initialTitle !== undefined || initialContent !== undefined
      ? { title: initialTitle ?? '', content: initialContent ?? '' }
      : askDraft(),
  );
  const [written, setWritten] = useState(`${start.title}\n${start.content}`);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const draft = { title: String(form.get('title') ?? ''), content: String(form.get('content') ?? '') };
    keepAskDraft(draft);
    setWritten(`${draft.title}\n${draft.content}`);
  };

  const reset = () => {
    setUrgent(false);
    setVoice(null);
    setFormKey((key) => key + 1);
  };
  // The server's reason (too long, unreadable) tells the person what to record differently.
  const addVoiceNote = useAddVoiceNote({ meta: { errorTitle: 'ask.voiceUploadFailed' } });
  // The asker goes on to their question's page: Chloe's answer comes in there, and it says what else comes next.
  const [posted, setPosted] = useState<string>();
  const openQuestion = (id: string) => {
    onClose();
    navigate(`/questions/${id}`, { state: { asked: true } satisfies AskedState });
  };
  const ask = useAskQuestion({
    meta: { errorTitle: 'ask.postFailed' },
    onSuccess: async (question) => {
      // A voice note that fails leaves the question posted: its own toast says why.
      if (voice) await addVoiceNote.mutateAsync({ id: question.id, voice }).catch(() => undefined);
      toast({ title: t('ask.posted') });
      onPosted?.();
      forgetAskDraft();
      setStart({ title: '', content: '' });
      setWritten('');
      reset();
      // Someone who has just asked wants the answer: the dialog offers alerts of it, where they can be had.
      if (await takePushOffer()) {
        setPosted(question.id);
        setOfferingAlerts(true);
      } else openQuestion(question.id);
    },
  });

  const { preload, withSchemas } = useSchemas('questions');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const title = String(form.get('title') ?? '').trim();
    const content = String(form.get('content') ?? '').trim();
    if (!title || !content) {
      toast({ title: t('ask.missingTitle'), description: t('ask.missingText'), variant: 'destructive' });
      return;
    }
    void withSchemas(({ createQuestionSchema }) => {
      const parsed = createQuestionSchema.safeParse({
        title,
        content,
        category: String(form.get('category') ?? '') || null,
        tags: splitTags(String(form.get('tags') ?? '')),
        isUrgent: urgent,
        isAnonymous: form.get('anonymous') === 'on',
      });
      if (!parsed.success) return toastInvalid('ask.postFailed', parsed.error);
      ask.mutate(parsed.data);
    });
  };

  // The same dialog, left open, now holding the offer.
  if (offeringAlerts && posted) {
    const done = () => openQuestion(posted);
    return (
      <Modal open={open} onClose={done} title={t('notifications.offerTitle')}>
        <PushOffer onDone={done} />
      </Modal>
    );
  }

  return (
    <Modal open={open} onClose={onClose} title={t('ask.title')} description={t('ask.description')}>
      <form
        key={formKey}
        onSubmit={onSubmit}
        onFocus={preload}
        onInput={onInput}
        className="mt-4 space-y-4 overflow-y-auto"
        noValidate
      >
        <Field
          label={t('ask.questionTitle')}
          name="title"
          required
          maxLength={200}
          placeholder={t('ask.titlePlaceholder')}
          defaultValue={start.title}
        />
        <TextAreaField
          label={t('ask.details')}
          name="content"
          required
          maxLength={10_000}
          rows={5}
          placeholder={t('ask.detailsPlaceholder')}
          defaultValue={start.content}
        />
        <SimilarAnswers text={written} onOpen={onClose} />
        <div className="space-y-1">
          <label htmlFor={categoryId} className="block text-sm font-medium text-slate-800">
            {t('ask.category')}
          </label>
          <select id={categoryId} name="category" defaultValue="" className={inputClasses}>
            <option value="">{t('ask.noCategory')}</option>
            {CATEGORIES.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name[locale]}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('ask.tags')} name="tags" hint={t('ask.tagsHint')} autoComplete="off" />
        <VoiceRecorder value={voice} onChange={setVoice} />
        <label className="flex items-start gap-3 text-slate-800">
          <input type="checkbox" name="anonymous" className="mt-1 h-5 w-5 accent-brand-700" />
          <span>{t('ask.anonymous')}</span>
        </label>
        <label className="flex items-start gap-3 text-slate-800">
          <input
            type="checkbox"
            name="urgent"
            checked={urgent}
            onChange={(event) => setUrgent(event.target.checked)}
            className="mt-1 h-5 w-5 accent-red-700"
          />
          <span>{t('ask.urgent')}</span>
        </label>
        {urgent && (
          <div role="note" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            <p>{t('ask.urgentHelp')}</p>
            <p className="mt-2 flex flex-wrap gap-2">
              {CRISIS_LINES.filter((line) => line.id !== 'respect').map((line) => (
                <a key={line.id} href={`tel:${line.tel}`} className="font-semibold underline">
                  {line.number}
                </a>
              ))}
            </p>
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {t('ask.cancel')}
          </Button>
          <Button type="submit" disabled={ask.isPending}>
            {ask.isPending ? t('ask.posting') : t('ask.post')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
