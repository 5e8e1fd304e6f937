import type { Locale } from '../../../shared/constants';
import { categoryTexts } from '../../../shared/categories';
import type { CategoryWithCount } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { categories, questionCounts } from '../../db/schema';
import { COUNTS_TTL_MS, perDatabaseCache } from '../../lib/ttl-cache';

/** The seven categories exist in every database, demo or not (written at start, db/prepare.ts). */
export { seedCategories } from '../../db/seed/categories';

type CategoryCounts = {
  rows: (Pick<typeof categories.$inferSelect, 'slug' | 'colour'> & { count: number })[];
  total: number;
};

/** Counted once for every language, until a question is asked or deleted (or a minute has passed). */
const countsCache = perDatabaseCache<CategoryCounts>(COUNTS_TTL_MS, 1, { keptOnLikes: true });

async function countQuestions(db: Database): Promise<CategoryCounts> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        colour: categories.colour,
      })
      .from(categories)
      .orderBy(categories.sortOrder),
    // Kept by the database as questions come and go: seven rows and the uncategorised (0), whatever the size.
    db.select().from(questionCounts),
  ]);
  const byCategory = new Map(counts.map((row) => [row.categoryId, row.count]));
  return {
    rows: rows.map(({ id, ...row }) => ({ ...row, count: byCategory.get(id) ?? 0 })),
    total: counts.reduce((sum, row) => sum + row.count, 0),
  };
}

/** The seven categories with their question counts, and the number of every question, categorised or not. */
export async function categoriesWithCounts(
  db: Database,
  locale: Locale,
): Promise<{ categories: CategoryWithCount[]; total: number }> {
  const { rows, total } = await countsCache(db).get('categories', () => countQuestions(db));
  const list = rows.map((row) => ({
    slug: row.slug,
    ...categoryTexts(row.slug, locale)!,
    colour: row.colour,
    count: row.count,
  }));
  return { categories: list, total };
}
