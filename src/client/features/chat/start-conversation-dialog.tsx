import { useQuery, useInfiniteQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { Conversation } from '../../../shared/schemas/chat';
import { CHAT_LIMITS } from '../../../shared/limits';
import { useSchemas } from '../../lib/schemas';
import type { Mentor } from '../../../shared/schemas/mentors';
import { toastInvalid } from '../../components/invalid-input';
import { MentorFilterFields } from '../../components/mentor-filters';
import { MentorFacts } from '../../components/mentor-card';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useCreateConversation } from '../../lib/chat';
import { useTranslation } from '../../lib/i18n';
import { mentorQuery, mentorsQuery, type MentorFilters } from '../../lib/mentors';
import { toast } from '../../lib/toast';

/**
 * Start New Conversation, for students: narrow the verified mentors by topic, language and state (those taking new
 * conversations first; an away or full mentor shown but not choosable), choose one (their card shown, since a
 * select's options can hold only a name) and give the chat a title. The new conversation opens at once.
 * `mentorId` opens the dialog with that mentor chosen (from a mentor's page; give the dialog a key of it).
 */
export function StartConversationDialog({
  onStarted,
  mentorId: initialMentorId,
}: {
  onStarted: (conversation: Conversation) => void;
  mentorId?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(Boolean(initialMentorId));
  const [mentorId, setMentorId] = useState(initialMentorId ?? '');
  const [title, setTitle] = useState('');
  const [filters, setFilters] = useState<MentorFilters>({});
  const selectId = useId();
  const mentors = useInfiniteQuery({ ...mentorsQuery(filters), enabled: open });
  const preselected = useQuery({ ...mentorQuery(initialMentorId ?? ''), enabled: open && !!initialMentorId });

  const listed = mentors.data?.pages.flatMap((page) => page.mentors) ?? [];
  const extra =
    preselected.data && !listed.some((m) => m.id === preselected.data.id) ? [preselected.data] : [];
  const list: Mentor[] = [...extra, ...listed];
  const chosen = list.find((m) => m.id === mentorId);

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

  const optionText = (mentor: Mentor) => {
    const name = mentor.headline ? `${mentor.displayName} – ${mentor.headline}` : mentor.displayName;
    return mentor.availability === 'open' ? name : `${name} (${t('chat.unavailable')})`;
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t('chat.startNew')}
      </Button>
      <Modal open={open} onClose={close} title={t('chat.startTitle')} description={t('chat.startText')}>
        <form onSubmit={onSubmit} onFocus={preload} noValidate className="mt-4 space-y-4">
          <fieldset className="grid gap-3 sm:grid-cols-3">
            <legend className="sr-only">{t('mentors.filters')}</legend>
            <MentorFilterFields filters={filters} onChange={setFilters} />
          </fieldset>
          {mentors.isSuccess && list.length === 0 ? (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              {filters.topic || filters.language || filters.state ? t('mentors.none') : t('chat.noMentors')}
            </p>
          ) : (
            <div className="space-y-1">
              <SelectField id={selectId} label={t('chat.mentor')} value={mentorId} onChange={setMentorId}>
                <option value="">
                  {mentors.isPending ? t('chat.loadingMentors') : t('chat.selectMentor')}
                </option>
                {list.map((mentor) => (
                  <option key={mentor.id} value={mentor.id} disabled={mentor.availability !== 'open'}>
                    {optionText(mentor)}
                  </option>
                ))}
              </SelectField>
              <p className="text-sm text-slate-600">{t('chat.availableFirst')}</p>
              {mentors.hasNextPage && (
                <Button
                  variant="secondary"
                  disabled={mentors.isFetchingNextPage}
                  onClick={() => void mentors.fetchNextPage()}
                >
                  {t('mentors.loadMore')}
                </Button>
              )}
            </div>
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
              <MentorFacts mentor={chosen} className="mt-2" />
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
