import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useId } from 'react';
import type { Mentor, MentorsResponse } from '../../../shared/schemas/mentors';
import { MentorFilterFields } from '../../components/mentor-filters';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';
import { useTranslation } from '../../lib/i18n';
import type { MentorFilters } from '../../data/mentors';

/**
 * Choosing a mentor in the Start a conversation dialog: narrow the verified mentors by topic, language and state
 * (those taking new conversations first; an away or full mentor shown but not choosable), then choose one.
 */
export function MentorPicker({
  mentors,
  list,
  filters,
  onFilters,
  mentorId,
  onMentor,
}: {
  mentors: UseInfiniteQueryResult<InfiniteData<MentorsResponse>>;
  list: Mentor[];
  filters: MentorFilters;
  onFilters: (filters: MentorFilters) => void;
  mentorId: string;
  onMentor: (id: string) => void;
}) {
  const { t } = useTranslation();
  const selectId = useId();
  const optionText = (mentor: Mentor) => {
    const name = mentor.headline ? `${mentor.displayName} – ${mentor.headline}` : mentor.displayName;
    return mentor.availability === 'open' ? name : `${name} (${t('chat.unavailable')})`;
  };
  return (
    <>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t('mentors.filters')}</legend>
        <MentorFilterFields filters={filters} onChange={onFilters} />
      </fieldset>
      {mentors.isSuccess && list.length === 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-900">
          {filters.topic || filters.language || filters.state ? t('mentors.none') : t('chat.noMentors')}
        </p>
      ) : (
        <div className="space-y-1">
          <SelectField id={selectId} label={t('chat.mentor')} value={mentorId} onChange={onMentor}>
            <option value="">{mentors.isPending ? t('chat.loadingMentors') : t('chat.selectMentor')}</option>
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
    </>
  );
}
