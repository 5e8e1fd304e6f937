import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Conversation } from '../../../shared/schemas/chat';
import { MentorActivity } from '../../components/mentor-card';
import { buttonClasses } from '../../components/ui/button';
import { similarMentorsQuery } from '../../data/mentors';
import { useTranslation } from '../../lib/i18n';

/**
 * A conversation closed because its mentor never replied (or stopped mentoring): its student is offered up to three
 * mentors like them who take new conversations now, each a step into the Start New Conversation dialog with that
 * mentor chosen.
 */
export function OtherMentors({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useQuery(similarMentorsQuery(conversation.participant.id));
  return (
    <section aria-labelledby={headingId} className="border-t border-slate-200 px-4 py-3">
      <h3 id={headingId} className="text-sm font-medium text-slate-900">
        {conversation.closedReason === 'no-reply' ? t('chat.noReplyOffer') : t('chat.mentorLeftOffer')}
      </h3>
      {query.isPending ? (
        <p role="status" className="mt-1 text-sm text-slate-600">
          {t('chat.otherMentorsLoading')}
        </p>
      ) : query.isError || query.data.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">
          {query.isError ? t('chat.otherMentorsFailed') : t('chat.otherMentorsNone')}{' '}
          <Link to="/mentors" className="font-medium text-brand-800 underline">
            {t('chat.findMentor')}
          </Link>
        </p>
      ) : (
        <ul className="mt-2 space-y-2">
          {query.data.map((mentor) => (
            <li key={mentor.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{mentor.displayName}</p>
                {mentor.headline && <p className="text-sm text-slate-700">{mentor.headline}</p>}
                <MentorActivity mentor={mentor} />
              </div>
              <Link
                to={`/chat?mentor=${encodeURIComponent(mentor.id)}`}
                className={buttonClasses('secondary', 'sm')}
                aria-label={t('chat.startWithLabel', { name: mentor.displayName })}
              >
                <MessageCircle aria-hidden="true" className="h-4 w-4" />
                {t('chat.startWith')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
