import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import { localesOf } from '../../../shared/languages';
import { WAITING_TOTAL_CAP } from '../../../shared/limits';
import { WAITING_PAGE_SIZE, type WaitingCursor, type WaitingPage } from '../../../shared/schemas/mentoring';
import { excerpt } from '../../../shared/text';
import type { Database } from '../../db/client';
import { exactTime, keysetPage } from '../../db/keyset';
import type { SessionUser } from '../../plugins/auth';
import { claimFor } from './claims';
import { textArray, UNANSWERED } from './question-shape';

/** What a list item's excerpt keeps of the question. */
const EXCERPT_CHARS = 200;

/** Whose topics and languages sort the list first, and whose own questions it leaves out. */
export type WaitingReader = Pick<SessionUser, 'id' | 'topics' | 'languages'>;

type WaitingRow = {
  id: string;
  title: string;
  content: string;
  category_slug: string | null;
  language: Locale;
  is_urgent: boolean;
  created_at: Date | string;
  created_at_exact: string;
  matches: boolean;
  claim_mentor_id: string | null;
  claim_expires_at: Date | string | null;
};

/** In SQL, whether question `q` (its category `c`) is in the reader's topics and one of their languages. */
export const matchesReader = (reader: Pick<WaitingReader, 'topics' | 'languages'>) =>
  sql`coalesce(c.slug = any(${textArray(reader.topics)}) and q.language = any(${textArray(localesOf(reader.languages))}), false)`;

/** The runs of the list, in order: SOS first, and in each, the reader's topics and languages first. */
const TIERS = [
  { urgent: true, matches: true },
  { urgent: true, matches: false },
  { urgent: false, matches: true },
  { urgent: false, matches: false },
] as const;

/** The questions waiting for a person's answer that `reader` may take: none of their own. */
const waitingFilters = (reader: WaitingReader): SQL[] => [UNANSWERED, sql`q.author_id <> ${reader.id}`];

/**
 * A page of the questions waiting for a person's answer: SOS first, then those in the reader's topics and
 * languages, then the oldest; each page starts after the last one's place in that order (keyset, never an offset).
 * `now` judges claims (an expired claim is none) and how long each has waited.
 */
export async function waitingQuestions(
  db: Database,
  reader: WaitingReader,
  cursor: WaitingCursor | undefined,
  now: Date,
): Promise<WaitingPage> {
  const matches = matchesReader(reader);
  const filters = waitingFilters(reader);
  // The order is four runs, each oldest first: SOS in the reader's topics and languages, the other SOS, the rest in
  // them, the rest. Each run is read on its own along the waiting questions' index, only as far as a page needs,
  // rather than sorting every waiting question on each request; a page starts in its cursor's run.
  const from = cursor
    ? TIERS.findIndex((tier) => tier.urgent === cursor.urgent && tier.matches === cursor.matches)
    : 0;
  const runs = TIERS.flatMap((tier, index) =>
    index < from
      ? []
      : [
          sql`(select q.id, q.title, q.content, c.slug as category_slug, q.language, q.is_urgent, q.created_at,
              ${exactTime(sql`q.created_at`)} as created_at_exact, ${matches} as matches,
              cl.mentor_id as claim_mentor_id, cl.expires_at as claim_expires_at, ${index}::int as tier
            from questions q
            left join categories c on c.id = q.category_id
            left join question_claims cl on cl.question_id = q.id and cl.expires_at > ${now}
            where ${sql.join(
              [
                ...filters,
                sql`q.is_urgent = ${tier.urgent}`,
                sql`${matches} = ${tier.matches}`,
                ...(cursor && index === from
                  ? [sql`(q.created_at, q.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`]
                  : []),
              ],
              sql` and `,
            )}
            order by q.created_at, q.id
            limit ${WAITING_PAGE_SIZE + 1})`,
        ],
  );
  const [rows, counted] = await Promise.all([
    db.execute<WaitingRow>(sql`
      select * from (${sql.join(runs, sql` union all `)}) runs
      order by tier, created_at, id
      limit ${WAITING_PAGE_SIZE + 1}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from (select 1 from questions q where ${sql.join(filters, sql` and `)}
        limit ${WAITING_TOTAL_CAP}) waiting`),
  ]);
  const { page, nextCursor } = keysetPage(rows.rows, WAITING_PAGE_SIZE, (last) => ({
    urgent: last.is_urgent,
    matches: last.matches,
    createdAt: last.created_at_exact,
    id: last.id,
  }));
  return {
    questions: page.map((row) => {
      const createdAt = new Date(row.created_at);
      return {
        id: row.id,
        title: row.title,
        excerpt: excerpt(row.content, EXCERPT_CHARS),
        categorySlug: row.category_slug,
        language: row.language,
        isUrgent: row.is_urgent,
        createdAt: createdAt.toISOString(),
        matches: row.matches,
        waitingSeconds: Math.max(0, Math.floor((now.getTime() - createdAt.getTime()) / 1000)),
        claim: claimFor(
          row.claim_mentor_id && row.claim_expires_at
            ? { mentorId: row.claim_mentor_id, expiresAt: new Date(row.claim_expires_at) }
            : null,
          reader.id,
          now,
        ),
      };
    }),
    nextCursor,
    total: counted.rows[0]?.total ?? 0,
  };
}
