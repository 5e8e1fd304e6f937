import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { CHAT_LIMITS, createConversationSchema, type Conversation } from '../../../shared/schemas/chat';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useCreateConversation, useMentors } from '../../lib/chat';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * Start New Conversation, for students: choose a verified mentor (their headline and experience shown, since a
 * select's options can hold only a name) and give the chat a title. The new conversation opens at once.
 */
export function StartConversationDialog({ onStarted }: { onStarted: (conversation: Conversation) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [mentorId, setMentorId] = useState('');
  const [title, setTitle] = useState('');
  const selectId = useId();
  const mentors = useMentors(open);
  const chosen = mentors.data?.mentors.find((m) => m.id === mentorId);

  const close = () => setOpen(false);
  const create = useCreateConversation({
    meta: { errorTitle: 'chat.createFailed' },
    onSuccess: (conversation) => {
      toast({ title: t('chat.started') });
      setOpen(false);
      setMentorId('');
      setTitle('');
      onStarted(conversation);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!mentorId || !title.trim()) {
      toast({ title: t('chat.selectMentorAndTitle'), variant: 'destructive' });
      return;
    }
    const parsed = createConversationSchema.safeParse({ participantId: mentorId, title });
    if (!parsed.success) return toastInvalid('chat.createFailed', parsed.error);
    create.mutate(parsed.data);
  };

  const list = mentors.data?.mentors ?? [];
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('chat.startNew')}
      </Button>
      <Modal open={open} onClose={close} title={t('chat.startTitle')} description={t('chat.startText')}>
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          {mentors.isSuccess && list.length === 0 ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              {t('chat.noMentors')}
            </p>
          ) : (
            <SelectField id={selectId} label={t('chat.mentor')} value={mentorId} onChange={setMentorId}>
              <option value="">
                {mentors.isPending ? t('chat.loadingMentors') : t('chat.selectMentor')}
              </option>
              {list.map((mentor) => (
                <option key={mentor.id} value={mentor.id}>
                  {mentor.headline ? `${mentor.displayName} – ${mentor.headline}` : mentor.displayName}
                </option>
              ))}
            </SelectField>
          )}
          {mentors.isError && (
            <p role="alert" className="text-sm text-red-700">
              {t('chat.mentorsLoadFailed')}{' '}
              <button type="button" className="font-medium underline" onClick={() => void mentors.refetch()}>
                {t('common.retry')}
              </button>
            </p>
          )}
          {chosen && (
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
              <p className="font-semibold">{chosen.displayName}</p>
              {chosen.headline && <p>{chosen.headline}</p>}
              {chosen.expertise.length > 0 && (
                <p className="mt-1">
                  <span className="font-medium">{t('chat.expertise')}:</span> {chosen.expertise.join(', ')}
                </p>
              )}
            </div>
          )}
          <Field
            label={t('chat.chatTitle')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t('chat.chatTitlePlaceholder')}
            maxLength={CHAT_LIMITS.titleMax}
            autoComplete="off"
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t('chat.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('chat.starting') : t('chat.start')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
