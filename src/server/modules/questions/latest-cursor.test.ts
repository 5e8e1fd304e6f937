import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from './categories';
import {
  api,
  createUser,
  DAY_MS,
  HOUR_MS,
  ids,
  insertQuestions,
  RELAXED_LIMITS,
} from './questions.test-helpers';

describe('latest-first pages with questions asked in the same instant', () => {
  const s2 = useTestApp(RELAXED_LIMITS);

  it('walks all of them: the cursor keeps microseconds', async () => {
    await seedCategories(s2.db);
    const writer = await createUser(s2.db, { displayName: 'Same Instant', ageMs: 30 * DAY_MS });
    const instant = new Date(Date.now() - 10 * HOUR_MS);
    const rows = await insertQuestions(
      s2.db,
      Array.from({ length: 12 }, (_, i) => ({
        authorId: writer.id,
        title: `Same instant ${i}`,
        createdAt: instant,
      })),
    );
    // And one three microseconds later: the same millisecond for JavaScript.
    await s2.db.execute(
      sql`update questions set created_at = created_at + interval '3 microseconds' where id = ${rows[0]!.id}`,
    );
    const pages = await api(s2.app).walk({ sort: 'latest', limit: 5 });
    const walked = pages.flatMap((page) => ids(page.questions));
    expect(walked).toHaveLength(12);
    expect(new Set(walked).size).toBe(12);
  });
});
