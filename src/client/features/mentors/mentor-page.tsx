import '../../lib/page-texts';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { LoadFailed } from '../../components/load-failed';
import {
  AvailabilityBadge,
  Initials,
  MentorActivity,
  MentorCounts,
  MentorFacts,
} from '../../components/mentor-card';
import { Page } from '../../components/page';
import { buttonClasses } from '../../components/ui/button';
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { mentorQuery, mentorMissing } from '../../data/mentors';

const BACK = (label: string) => (
  <Link to="/mentors" className={`${buttonClasses('ghost', 'sm')} mb-4`}>
    <ArrowLeft aria-hidden="true" className="h-4 w-4" />
    {label}
  </Link>
);

/** A verified mentor's page: their story, topics, languages and journey, and their newest public answers. */
export function MentorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(mentorQuery(id));

  if (query.isPending)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8" aria-busy="true">
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  if (query.isError) {
    const missing = mentorMissing(query.error);
    return (
      <Page title={missing ? t('notFound.title') : t('mentors.loadFailed')} width="medium">
        {BACK(t('mentors.allMentors'))}
        {missing ? (
          <p className="text-slate-700">{t('mentors.notFound')}</p>
        ) : (
          <LoadFailed text={query.error.message} onRetry={() => void query.refetch()} />
        )}
      </Page>
    );
  }
  return <MentorShown mentor={query.data} />;
}

function StartConversation({ mentor }: { mentor: MentorDetail }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const chat = `/chat?mentor=${encodeURIComponent(mentor.id)}`;
  if (mentor.availability !== 'open') return null;
  if (!user)
    return (
      <Link to={`/login?next=${encodeURIComponent(chat)}`} className={buttonClasses('primary')}>
        {t('mentors.signInToChat')}
      </Link>
    );
  if (user.role !== 'student') return <p className="text-sm text-slate-600">{t('mentors.studentsStart')}</p>;
  return (
    <Link to={chat} className={buttonClasses('primary')}>
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      {t('mentors.startConversation')}
    </Link>
  );
}

function MentorShown({ mentor }: { mentor: MentorDetail }) {
  const { t, locale } = useTranslation();
  return (
    <Page title={mentor.displayName} width="medium">
      {BACK(t('mentors.allMentors'))}
      <Card className="space-y-4">
        <div className="flex items-start gap-4">
          <Initials name={mentor.displayName} large />
          <div className="min-w-0 space-y-2">
            {mentor.headline && <p className="text-lg font-medium text-slate-900">{mentor.headline}</p>}
            <div className="flex flex-wrap gap-2">
              <AvailabilityBadge mentor={mentor} />
              {mentor.isDemo && (
                <Badge colour="bg-amber-100 text-amber-900">{t('founders.demoProfile')}</Badge>
              )}
            </div>
          </div>
        </div>
        <MentorFacts mentor={mentor} />
        {mentor.countryPath && (
          <p className="text-sm text-slate-800">
            <span className="font-medium text-slate-700">{t('mentors.journey')}:</span> {mentor.countryPath}
          </p>
        )}
        <MentorActivity mentor={mentor} />
        <MentorCounts mentor={mentor} />
        <StartConversation mentor={mentor} />
      </Card>

      {mentor.story && (
        <section aria-labelledby="mentor-story" className="mt-8">
          <h2 id="mentor-story" className="text-xl font-semibold text-slate-900">
            {t('mentors.story')}
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-800">{mentor.story}</p>
        </section>
      )}

      <section aria-labelledby="mentor-answers" className="mt-8">
        <h2 id="mentor-answers" className="text-xl font-semibold text-slate-900">
          {t('mentors.recentAnswers')}
        </h2>
        {mentor.recentAnswers.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('mentors.noAnswers')}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {mentor.recentAnswers.map((answer) => (
              <li key={answer.id}>
                <Card>
                  <h3 className="font-semibold text-slate-900">
                    <Link
                      to={`/questions/${answer.questionId}`}
                      className="underline-offset-2 hover:underline"
                    >
                      {answer.questionTitle}
                    </Link>
                  </h3>
                  <p className="mt-1 text-slate-800">{answer.content}</p>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                    <time dateTime={answer.createdAt}>{formatDate(answer.createdAt, locale)}</time>
                    {answer.helpful && (
                      <Badge colour="bg-emerald-100 text-emerald-900">{t('mentors.helpedBadge')}</Badge>
                    )}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}
