import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { questions } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from './categories';
import { categoryIds, createUser, DAY_MS, insertQuestions } from './questions.test-helpers';

const t = useTestApp();

/** The counts the database keeps, and the counts of the rows themselves: they must always agree. */
async function kept() {
  const stored = await t.db.execute<{ category_id: number; count: number }>(
    sql`select category_id, count from question_counts where count <> 0 order by category_id`,
  );
  const counted = await t.db.execute<{ category_id: number; count: number }>(
    sql`select coalesce(category_id, 0) as category_id, count(*)::int as count from questions
        group by 1 order by 1`,
  );
  return { stored: stored.rows, counted: counted.rows };
}

describe('the categories’ question counts kept by the database', () => {
  let authorId: string;

  beforeAll(async () => {
    await seedCategories(t.db);
    authorId = (await createUser(t.db, { displayName: 'Counting Author', ageMs: 30 * DAY_MS })).id;
  });

  it('follow questions added at once, deleted, and moved between categories', async () => {
    const added = await insertQuestions(t.db, [
      ...Array.from({ length: 5 }, () => ({ authorId, category: 'housing' as const })),
      ...Array.from({ length: 3 }, () => ({ authorId, category: 'work-career' as const })),
      { authorId, category: null },
    ]);
    let counts = await kept();
    expect(counts.stored).toEqual(counts.counted);
    expect(counts.stored.reduce((sum, row) => sum + row.count, 0)).toBe(9);

    const ids = await categoryIds(t.db);
    await t.db
      .update(questions)
      .set({ categoryId: ids.get('work-career')! })
      .where(eq(questions.id, added[0]!.id));
    await t.db.update(questions).set({ categoryId: null }).where(eq(questions.id, added[1]!.id));
    // A change of anything else (a like) moves no count.
    await t.db.update(questions).set({ upvotes: 3 }).where(eq(questions.id, added[2]!.id));
    counts = await kept();
    expect(counts.stored).toEqual(counts.counted);

    await t.db.delete(questions).where(
      inArray(
        questions.id,
        added.slice(2, 6).map((q) => q.id),
      ),
    );
    counts = await kept();
    expect(counts.stored).toEqual(counts.counted);
    expect(counts.stored.reduce((sum, row) => sum + row.count, 0)).toBe(5);
  });

  it('are what GET /api/categories answers', async () => {
    const { rows } = await t.db.execute<{ category_id: number; count: number }>(
      sql`select category_id, count from question_counts`,
    );
    const response = await t.app.inject({ url: '/api/categories' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ categories: { slug: string; count: number }[]; total: number }>();
    expect(body.total).toBe(rows.reduce((sum, row) => sum + row.count, 0));
    const ids = await categoryIds(t.db);
    for (const category of body.categories)
      expect(category.count).toBe(
        rows.find((row) => row.category_id === ids.get(category.slug as never))?.count ?? 0,
      );
  });
});
