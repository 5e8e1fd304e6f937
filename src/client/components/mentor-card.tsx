import { Link } from 'react-router';
import { CATEGORIES } from '../../shared/categories';
import { mentorLanguageName } from '../../shared/schemas/languages';
import { replyTimeBucket } from '../../shared/reply-time';
import type { Mentor } from '../../shared/schemas/mentors';
import { cn } from '../lib/cn';
import { formatDate, initials } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { Badge, Card } from './ui/card';

const AVAILABILITY_COLOURS = {
  open: 'bg-emerald-100 text-emerald-900',
  away: 'bg-amber-100 text-amber-900',
  full: 'bg-slate-200 text-slate-800',
} as const;

/** Whether a mentor takes new conversations: open, away until a day, or full. */
export function AvailabilityBadge({ mentor }: { mentor: Pick<Mentor, 'availability' | 'awayUntil'> }) {
  const { t, locale } = useTranslation();
  const text =
    mentor.availability === 'away'
      ? t('mentors.away', { date: formatDate(`${mentor.awayUntil}T12:00:00Z`, locale) })
      : t(`mentors.${mentor.availability}`);
  return <Badge colour={AVAILABILITY_COLOURS[mentor.availability]}>{text}</Badge>;
}

/** A mentor's topics, languages and place, as a definition list. */
export function MentorFacts({
  mentor,
  className,
}: {
  mentor: Pick<Mentor, 'topics' | 'languages' | 'state' | 'city'>;
  className?: string;
}) {
  const { t, locale } = useTranslation();
  const topics = CATEGORIES.filter((c) => mentor.topics.includes(c.slug)).map((c) => c.name[locale]);
  const place = [mentor.city, mentor.state ? t(`help.states.${mentor.state as 'NSW'}`) : null]
    .filter(Boolean)
    .join(', ');
  const rows = [
    { label: t('mentors.helpsWith'), value: topics.join(', ') },
    {
      label: t('mentors.speaks'),
      value: mentor.languages.map((code) => mentorLanguageName(code, locale)).join(', '),
    },
    { label: t('mentors.livesIn'), value: place },
  ].filter((row) => row.value);
  if (rows.length === 0) return null;
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm', className)}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-medium text-slate-700">{row.label}</dt>
          <dd className="text-slate-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The questions a mentor answered and, once there are any, the answers that helped the asker. */
export function MentorCounts({ mentor, className }: { mentor: Mentor; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={cn('text-sm text-slate-600', className)}>
      {t('mentors.answered', { count: mentor.answerCount })}
      {mentor.helpfulCount > 0 && ` · ${t('mentors.helped', { count: mentor.helpfulCount })}`}
    </p>
  );
}

/** How soon a mentor usually replies to a new conversation, and when they were last on the site, when known. */
export function MentorActivity({
  mentor,
  className,
}: {
  mentor: Pick<Mentor, 'replyTime' | 'lastActive'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (mentor.replyTime !== null) {
    const bucket = replyTimeBucket(mentor.replyTime);
    lines.push(
      bucket.kind === 'hours'
        ? t('mentors.replyTime.hours', { count: bucket.hours })
        : t(`mentors.replyTime.${bucket.kind}`),
    );
  }
  if (mentor.lastActive) lines.push(t(`mentors.lastActive.${mentor.lastActive}`));
  if (lines.length === 0) return null;
  return <p className={cn('text-sm text-slate-700', className)}>{lines.join(' · ')}</p>;
}

/** The round initials that stand for a person without a photo. */
export function Initials({ name, large = false }: { name: string; large?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800',
        large ? 'h-16 w-16 text-2xl' : 'h-12 w-12 text-lg',
      )}
    >
      {initials(name)}
    </span>
  );
}

/** A verified mentor in the directory: who they are, what they help with, and whether they take new chats. */
export function MentorCard({ mentor }: { mentor: Mentor }) {
  const { t } = useTranslation();
  const headingId = `mentor-${mentor.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-3">
      <div className="flex items-start gap-3">
        <Initials name={mentor.displayName} />
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            <Link
              to={`/mentors/${mentor.id}`}
              className="underline-offset-2 hover:underline"
              aria-label={t('mentors.viewProfile', { name: mentor.displayName })}
            >
              {mentor.displayName}
            </Link>
          </h2>
          {mentor.headline && <p className="text-slate-800">{mentor.headline}</p>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <AvailabilityBadge mentor={mentor} />
        {mentor.isDemo && <Badge colour="bg-amber-100 text-amber-900">{t('founders.demoProfile')}</Badge>}
      </div>
      <MentorFacts mentor={mentor} />
      <MentorActivity mentor={mentor} />
      <MentorCounts mentor={mentor} className="mt-auto" />
    </Card>
  );
}
