import { z } from 'zod';

/** A topic by its slug; one that names no topic is a 404, not a 400, as an unknown question's id is. */
export const categorySlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });

/** The topics (category slugs) the signed-in person follows, in the categories' order. */
export const followedCategoriesSchema = z.object({ categories: z.array(z.string()) });
export type FollowedCategories = z.infer<typeof followedCategoriesSchema>;
