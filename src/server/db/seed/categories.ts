import { CATEGORIES } from '../../../shared/categories';
import type { Database } from '../client';
import { categories } from '../schema';

/** The seven categories exist in every database, demo or not. */
export async function seedCategories(db: Database): Promise<void> {
  for (const [index, category] of CATEGORIES.entries()) {
    const values = {
      slug: category.slug,
      // For the previous release's instances only (schema/questions.ts).
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
