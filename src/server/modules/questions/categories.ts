import { sql } from 'drizzle-orm';
import { CATEGORIES } from '../../../shared/categories';
import type { Locale } from '../../../shared/constants';
import type { CategoryWithCount } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import { categories, questions } from '../../db/schema';

/** The seven categories exist in every database, demo or not. */
export async function seedCategories(db: Database): Promise<void> {
  for (const [index, category] of CATEGORIES.entries()) {
    const values = {
      slug: category.slug,
      nameEn: category.name.en,
      nameVi: category.name.vi,
      descriptionEn: category.description.en,
      descriptionVi: category.description.vi,
      colour: category.colour,
      sortOrder: index,
    };
    await db.insert(categories).values(values).onConflictDoUpdate({ target: categories.slug, set: values });
  }
}

/** The seven categories with their question counts, and the number of every question, categorised or not. */
export async function categoriesWithCounts(
  db: Database,
  locale: Locale,
): Promise<{ categories: CategoryWithCount[]; total: number }> {
  const [rows, [all]] = await Promise.all([
    db
      .select({
        slug: categories.slug,
        nameEn: categories.nameEn,
        nameVi: categories.nameVi,
        descriptionEn: categories.descriptionEn,
        descriptionVi: categories.descriptionVi,
        colour: categories.colour,
        count: sql<number>`(select count(*) from questions q where q.category_id = ${categories}.id)::int`,
      })
      .from(categories)
      .orderBy(categories.sortOrder),
    db.select({ total: sql<number>`count(*)::int` }).from(questions),
  ]);
  const list = rows.map((row) => ({
    slug: row.slug,
    name: locale === 'vi' ? row.nameVi : row.nameEn,
    description: locale === 'vi' ? row.descriptionVi : row.descriptionEn,
    colour: row.colour,
    count: row.count,
  }));
  return { categories: list, total: all?.total ?? 0 };
}
