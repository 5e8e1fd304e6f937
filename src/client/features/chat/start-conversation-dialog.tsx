import { useQuery, useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Conversation } from '../../../shared/schemas/chat';
import { CHAT_LIMITS } from '../../../shared/limits';
import { useSchemas } from '../../lib/schemas';
import type { Mentor } from '../../../shared/schemas/mentors';
import { toastInvalid } from '../../components/invalid-input';
import { MentorFacts } from '../../components/mentor-card';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useCreateConversation } from '../../data/chat';
import { useTranslation } from '../../lib/i18n';
import { mentorQuery, mentorsQuery, type MentorFilters } from '../../data/mentors';
import { toast } from '../../lib/toast';
import { MentorPicker } from './mentor-picker';

/**
 * Start New Conversation, for students: choose a mentor (MentorPicker; their card shown, since a select's options can
 * hold only a name) and say what the chat is about (its title). The new conversation opens at once. `mentorId` (from a
 * mentor's page; give the dialog a key of it) opens the dialog with that mentor chosen: it asks only for the topic.
 */
export function StartConversationDialog({
  onStarted,
  mentorId: initialMentorId,
}: {
  onStarted: (conversation: Conversation) => void;
  mentorId?: string;
}) {
  const { t } = useTranslation();
  const fixed = Boolean(initialMentorId);
  const [open, setOpen] = useState(fixed);
  const [mentorId, setMentorId] = useState(initialMentorId ?? '');
  const [title, setTitle] = useState('');
  const [filters, setFilters] = useState<MentorFilters>({});
  const mentors = useInfiniteQuery({ ...mentorsQuery(filters), enabled: open && !fixed });
  const preselected = useQuery({ ...mentorQuery(initialMentorId ?? ''), enabled: open && fixed });

  const list: Mentor[] = fixed
    ? preselected.data
      ? [preselected.data]
      : []
    : (mentors.data?.pages.flatMap((page) => page.mentors) ?? []);
  const chosen = list.find((m) => m.id === mentorId);
  const failed = fixed ? preselected : mentors;

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

  const { preload, withSchemas } = useSchemas('chat');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!mentorId || !title.trim()) {
      toast({ title: t('chat.selectMentorAndTitle'), variant: 'destructive' });
      return;
    }
    void withSchemas(({ createConversationSchema }) => {
      const parsed = createConversationSchema.safeParse({ participantId: mentorId, title });
      if (!parsed.success) return toastInvalid('chat.createFailed', parsed.error);
      create.mutate(parsed.data);
    });
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('chat.startNew')}
      </Button>
      <Modal
        open={open}
        onClose={close}
        title={t('chat.startTitle')}
        description={fixed ? t('chat.startWithText') : t('chat.startText')}
      >
        <form onSubmit={onSubmit} onFocus={preload} noValidate className="mt-4 space-y-4">
          {!fixed && (
            <MentorPicker
              mentors={mentors}
              list={list}
              filters={filters}
              onFilters={setFilters}
              mentorId={mentorId}
              onMentor={setMentorId}
            />
          )}
          {failed.isError && (
            <p role="alert" className="text-sm text-red-700">
              {t('chat.mentorsLoadFailed')}{' '}
              <button type="button" className="font-medium underline" onClick={() => void failed.refetch()}>
                {t('common.retry')}
              </button>
            </p>
          )}
          {chosen && (
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
              <p className="font-semibold">
                {fixed && <span className="sr-only">{t('chat.mentor')}: </span>}
                {chosen.displayName}
              </p>
              {chosen.headline && <p>{chosen.headline}</p>}
              <MentorFacts mentor={chosen} className="mt-2" />
            </div>
          )}
          <Field
            label={fixed ? t('chat.topic') : t('chat.chatTitle')}
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
