import { CATEGORIES } from '../../../shared/categories';
import type { Database } from '../client';
import { categories } from '../schema';

/** The seven categories exist in every database, demo or not. */
export async function seedCategories(db: Database): Promise<void> {
  for (const [index, category] of CATEGORIES.entries()) {
    const values = {
      slug: category.slug,
      colour: category.colour,
      sortOrder: index,
    };
    await db.insert(categories).values(values).onConflictDoUpdate({ target: categories.slug, set: values });
  }
}
