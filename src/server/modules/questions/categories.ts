import { sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants';
import type { CategoryWithCount } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { categories, questions } from '../../db/schema';
import { COUNTS_TTL_MS, perDatabaseCache } from './cache';

/** The seven categories exist in every database, demo or not (written at start, db/prepare.ts). */
export { seedCategories } from '../../db/seed/categories';

type CategoryCounts = {
  rows: (Omit<typeof categories.$inferSelect, 'id' | 'sortOrder'> & { count: number })[];
  total: number;
};

/** Counted once for both languages, until a question is asked or deleted (or a minute has passed). */
const countsCache = perDatabaseCache<CategoryCounts>(COUNTS_TTL_MS, 1, { keptOnLikes: true });

async function countQuestions(db: Database): Promise<CategoryCounts> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        nameEn: categories.nameEn,
        nameVi: categories.nameVi,
        descriptionEn: categories.descriptionEn,
        descriptionVi: categories.descriptionVi,
        colour: categories.colour,
      })
      .from(categories)
      .orderBy(categories.sortOrder),
    // One pass over the topic index for all seven and the uncategorised.
    db.execute<{ category_id: number | null; n: number }>(
      sql`select category_id, count(*)::int as n from ${questions} group by category_id`,
    ),
  ]);
  const byCategory = new Map(counts.rows.map((row) => [row.category_id, row.n]));
  return {
    rows: rows.map(({ id, ...row }) => ({ ...row, count: byCategory.get(id) ?? 0 })),
    total: counts.rows.reduce((sum, row) => sum + row.n, 0),
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
    name: locale === 'vi' ? row.nameVi : row.nameEn,
    description: locale === 'vi' ? row.descriptionVi : row.descriptionEn,
    colour: row.colour,
    count: row.count,
  }));
  return { categories: list, total };
}
