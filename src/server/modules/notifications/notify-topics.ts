import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { announce } from './events';
import { unblocked } from './notify';
import { wantsEmail } from './preferences';

type Executor = Pick<Database, 'execute'>;

/**
 * A new question tells everyone who follows its topic, in one statement however many they are, once (its event
 * key), in the question's transaction. Who follows is questions/category-follows.ts's rule: a person's choice when
 * they made one, else a mentor follows the topics of their profile. The candidates are those with a row choosing
 * it and the mentors offering it, so the statement never reads every member. Never the asker; never across a block
 * with the asker, except when the question is anonymous: then nobody is named (actor null) and blocks play no
 * part, since a follower left out would learn that the asker is someone they had a block with. A question without
 * a topic tells nobody.
 *
 * Its email, for those who turned it on, is due at once but goes only in the daily digest (email.ts): a busy
 * topic brings many questions a day, and one email each would soon be unsubscribed from altogether.
 */
export async function notifyTopicFollowers(tx: Executor, questionId: string): Promise<void> {
  const eventKey = `topic:${questionId}`;
  const type = sql`'topic_question'::text`;
  const result = await tx.execute<{ user_id: string }>(sql`
    insert into notifications (user_id, type, event_key, actor_id, question_id, email_due_at)
    select u.id, ${type}, ${eventKey}, case when q.is_anonymous then null else q.author_id end, q.id,
      case when ${wantsEmail(type)} then now() end
    from questions q
    join categories c on c.id = q.category_id
    cross join lateral (
      select cf.user_id from category_follows cf where cf.category_id = c.id and cf.following
      union
      select m.id from users m where m.role = 'mentor' and c.slug = any(m.topics)) candidate
    join users u on u.id = candidate.user_id
    left join category_follows f on f.user_id = u.id and f.category_id = c.id
    left join notification_preferences p on p.user_id = u.id
    where q.id = ${questionId}::uuid
      and coalesce(f.following, u.role = 'mentor' and c.slug = any(u.topics))
      and u.id is distinct from q.author_id
      and (q.is_anonymous or ${unblocked(sql`u.id`, sql`q.author_id`)})
    on conflict (user_id, event_key) do nothing
    returning user_id`);
  await announce(tx, { userIds: result.rows.map((row) => row.user_id), eventKey });
}
