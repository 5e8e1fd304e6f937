import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { EventBus } from '../../realtime/bus';
import { marksChanged as marksEvent } from '../../realtime/row-events';

/** What a person did to questions: the ids they liked, bookmarked and follow. */
export type Marks = { liked: Set<string>; bookmarked: Set<string>; followed: Set<string> };
type Mark = keyof Marks;

/** How long a person's marks are kept: their changes end it sooner, this bounds what none announces. */
export const MARKS_TTL_MS = 60_000;
/** A person with more marks than this is asked page by page: the set would cost more memory than it saves. */
const MAX_MARKS = 5_000;
const MAX_PEOPLE = 5_000;

type Entry = { marks: Promise<Marks | null>; until: number };

/**
 * Each member's marks, kept in this instance, so their feed and question pages need no database read of their own.
 * Every like, bookmark and follow (the triggers of migration 0021) tells every instance to forget that person's;
 * while the bus is not live nothing is kept, and the page's marks are read from the database.
 */
export class MarksCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly live: () => boolean,
    private readonly ttlMs = MARKS_TTL_MS,
  ) {}

  /** A person's marks, or null when they must be read page by page (too many, or the bus not live). */
  async get(userId: string): Promise<Marks | null> {
    if (!this.live()) {
      if (this.entries.size) this.clear();
      return null;
    }
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && hit.until > now) return hit.marks;
    const begun = this.generation;
    const marks = readMarks(this.db, userId);
    const entry = { marks, until: now + this.ttlMs };
    if (this.entries.size >= MAX_PEOPLE) this.clear();
    this.entries.set(userId, entry);
    // A change heard while reading: this answer may miss it, so it is not kept (it still answers this request, which
    // began before the change).
    marks.then(
      () => {
        if (begun !== this.generation && this.entries.get(userId) === entry) this.entries.delete(userId);
      },
      () => this.entries.delete(userId),
    );
    return marks;
  }

  dropUser(userId: string): void {
    this.generation += 1;
    this.entries.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

async function readMarks(db: Database, userId: string): Promise<Marks | null> {
  const rows = await db.execute<{ mark: Mark; question_id: string }>(sql`
    (select 'liked' as mark, question_id from likes where user_id = ${userId}
     union all select 'bookmarked', question_id from bookmarks where user_id = ${userId}
     union all select 'followed', question_id from question_follows where user_id = ${userId})
    limit ${MAX_MARKS + 1}`);
  if (rows.rows.length > MAX_MARKS) return null;
  const marks: Marks = { liked: new Set(), bookmarked: new Set(), followed: new Set() };
  for (const row of rows.rows) marks[row.mark].add(row.question_id);
  return marks;
}

const byDatabase = new WeakMap<Database, MarksCache>();

/**
 * A person's marks changed on this instance: forgotten here at once (the trigger's event, which tells the others,
 * comes back a moment later).
 */
export function marksChanged(db: Database, userId: string): void {
  byDatabase.get(db)?.dropUser(userId);
}

/** The marks cache of an app's database, when the app keeps one (app.ts, with its bus). */
export function marksCache(db: Database): MarksCache | undefined {
  return byDatabase.get(db);
}

/**
 * Keeps members' marks for this database's app, forgetting a person's when a trigger says they changed (`marks`),
 * and everyone's when the bus reconnects (events may have been missed).
 */
export function keepMarks(db: Database, bus: EventBus): MarksCache {
  const cache = new MarksCache(db, () => bus.live());
  bus.on(marksEvent, ({ u }) => cache.dropUser(u));
  bus.onReconnected(() => cache.clear());
  byDatabase.set(db, cache);
  return cache;
}
