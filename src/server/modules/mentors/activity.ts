import { sql } from 'drizzle-orm';
import { REPLY_TIME_MIN_CONVERSATIONS } from '../../../shared/reply-time';
import type { LastActive } from '../../../shared/schemas/mentors';

/** Today in Australian Eastern time, in SQL: a mentor "away until" a day is back the day after. */
export const AUSTRALIAN_TODAY = sql`(now() at time zone 'Australia/Sydney')::date`;

/** How far back a mentor's reply time looks. */
const REPLY_TIME_DAYS = 90;

/**
 * The reply time of mentor `u` (alias `rt`): the median minutes to their first reply over their conversations
 * started in the last 90 days. A conversation closed because they never replied counts as the slowest possible reply
 * (infinity), so a mentor who answers a few quickly and leaves most unanswered shows no reply time rather than a
 * flattering one; a conversation still waiting, or closed by its people before any reply, says nothing yet and is
 * left out. Shown only from REPLY_TIME_MIN_CONVERSATIONS replied ones: fewer say too little.
 */
export const REPLY_TIME_JOIN = sql`left join lateral (
    select count(*) filter (where c.first_reply_at is not null)::int as replied,
      percentile_disc(0.5) within group (order by case when c.first_reply_at is null then 'infinity'::float8
        else extract(epoch from c.first_reply_at - c.created_at)::float8 / 60 end) as median
    from conversations c
    where c.mentor_id = u.id and c.created_at > now() - make_interval(days => ${REPLY_TIME_DAYS})
      and (c.first_reply_at is not null or c.closed_reason = 'no-reply')
  ) rt on true`;

export const REPLY_TIME = sql<number | null>`case
  when rt.replied >= ${REPLY_TIME_MIN_CONVERSATIONS} and rt.median <> 'infinity'::float8
  then greatest(1, round(rt.median))::int end`;

const seenDay = sql`(u.last_seen_at at time zone 'Australia/Sydney')::date`;

/** When mentor `u` was last on the site, in Australian days, unless they chose not to show it. */
export const LAST_ACTIVE = sql<LastActive | null>`case
  when not u.shows_last_active or u.last_seen_at is null then null
  when ${seenDay} >= ${AUSTRALIAN_TODAY} then 'today'
  when ${seenDay} > ${AUSTRALIAN_TODAY} - 7 then 'week'
  when ${seenDay} > ${AUSTRALIAN_TODAY} - 30 then 'month' end`;
