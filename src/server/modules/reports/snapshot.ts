import { sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import type { ReportTargetType } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import type { ReportSnapshot } from '../../db/schema';
import { iso } from '../../lib/text';

type Executor = Pick<Database, 'execute'>;
type Person = ReportSnapshot['author'];

/** How much of a private chat an admin sees: the reported message and this many before it. */
const CHAT_CONTEXT_BEFORE = 2;

const person = (id: string | null, displayName: string | null, role: Role | null): Person =>
  id && displayName && role ? { id, displayName, role } : null;

type ChatLineRow = {
  id: string;
  content: string;
  created_at: Date | string;
  seq: number;
  sender_id: string | null;
  display_name: string | null;
  role: Role | null;
};

async function chatLines(db: Executor, where: ReturnType<typeof sql>, reportedId: string | null) {
  const result = await db.execute<ChatLineRow>(sql`
    select * from (
      select m.id, m.content, m.created_at, m.seq, m.sender_id, u.display_name, u.role
      from messages m left join users u on u.id = m.sender_id
      where ${where}
      order by m.seq desc limit ${CHAT_CONTEXT_BEFORE + 1}) last
    order by seq`);
  return result.rows.map((row) => ({
    id: row.id,
    sender: person(row.sender_id, row.display_name, row.role),
    content: row.content,
    createdAt: iso(row.created_at),
    reported: row.id === reportedId,
  }));
}

/** What a reported item says now, with who wrote it and where it is; null when it is gone. */
export async function describe(
  db: Executor,
  type: ReportTargetType,
  id: string,
  reportedAt: Date,
): Promise<ReportSnapshot | null> {
  type Row = {
    title: string | null;
    text: string;
    created_at: Date | string;
    author_id: string | null;
    display_name: string | null;
    role: Role | null;
    question_id?: string;
    conversation_id?: string;
    seq?: number;
  };
  const query = {
    question: sql`select q.title, q.content as text, q.created_at, q.author_id, u.display_name, u.role, q.id as question_id
      from questions q join users u on u.id = q.author_id where q.id = ${id}`,
    reply: sql`select q.title, r.content as text, r.created_at, r.author_id,
        case when r.is_ai_reply then 'Chloe' else u.display_name end as display_name, u.role, q.id as question_id
      from replies r join questions q on q.id = r.question_id left join users u on u.id = r.author_id where r.id = ${id}`,
    message: sql`select c.title, m.content as text, m.created_at, m.sender_id as author_id, u.display_name, u.role,
        m.conversation_id, m.seq
      from messages m join conversations c on c.id = m.conversation_id left join users u on u.id = m.sender_id
      where m.id = ${id}`,
    conversation: sql`select c.title, c.title as text, c.created_at, c.student_id as author_id, u.display_name, u.role,
        c.id as conversation_id
      from conversations c join users u on u.id = c.student_id where c.id = ${id}`,
  }[type];
  const row = (await db.execute<Row>(query)).rows[0];
  if (!row) return null;
  const context =
    type === 'message'
      ? await chatLines(
          db,
          sql`m.conversation_id = ${row.conversation_id} and m.seq <= ${row.seq} and m.seq >= ${row.seq! - CHAT_CONTEXT_BEFORE}`,
          id,
        )
      : type === 'conversation'
        ? await chatLines(
            db,
            sql`m.conversation_id = ${id} and m.created_at <= ${reportedAt.toISOString()}`,
            null,
          )
        : [];
  return {
    title: row.title,
    text: row.text,
    author: person(row.author_id, row.display_name, row.role),
    createdAt: iso(row.created_at),
    link: row.question_id ? `/questions/${row.question_id}` : null,
    context,
  };
}
