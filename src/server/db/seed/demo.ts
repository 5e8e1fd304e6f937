import { messageLocale } from '../../lib/text';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import demoQuestions from '../../../../content/demo/questions.json';
import { CATEGORY_SLUGS } from '../../../shared/categories';
import type { Database } from '../client';
import { chloeReplyJobs, categories, likes, questions, replies, users } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { DEMO_PROFILES, mentorFields } from './demo-profiles';

export { DEMO_PROFILES };

/** Demo accounts are two months old, so they are not held to the new-account posting limits. */
const DEMO_ACCOUNT_AGE_MS = 60 * 24 * 60 * 60 * 1000;

/**
 * Creates the demo accounts once, with random passwords that are never shown (the demo buttons sign in),
 * then the sample questions of content/demo/questions.json when no demo account has asked anything yet.
 */
export async function seedDemo(db: Database): Promise<void> {
  await seedDemoAccounts(db);
  await seedDemoQuestions(db);
}

export async function seedDemoAccounts(db: Database): Promise<void> {
  for (const profile of DEMO_PROFILES) {
    const [existing] = await db
      .select({ id: users.id, languages: users.languages })
      .from(users)
      .where(eq(users.email, profile.email))
      .limit(1);
    const profileTranslations = profile.vi ? { vi: profile.vi } : null;
    if (existing) {
      // Databases seeded before the profiles were translated get the translations too.
      // And mentors seeded before the directory get their cards, once.
      const card = existing.languages.length === 0 ? mentorFields(profile) : {};
      await db
        .update(users)
        .set({ profileTranslations, ...card })
        .where(eq(users.id, existing.id));
      continue;
    }
    await db.insert(users).values({
      email: profile.email,
      displayName: profile.displayName,
      role: profile.role,
      locale: profile.locale,
      passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      isDemo: true,
      mentorVerifiedAt: profile.role === 'mentor' ? new Date() : null,
      // Demo accounts have no inbox anyone reads: they count as confirmed.
      emailVerifiedAt: new Date(),
      isFoundingMember: profile.founding,
      headline: profile.headline ?? null,
      story: profile.story ?? null,
      countryPath: profile.countryPath ?? null,
      expertise: profile.expertise ?? [],
      ...mentorFields(profile),
      profileTranslations,
      createdAt: new Date(Date.now() - DEMO_ACCOUNT_AGE_MS),
    });
  }
}

const demoAuthor = z.enum(['student', 'student2', 'student3', 'mentor', 'career-mentor', 'admin']);
const demoContentSchema = z.object({
  questions: z.array(
    z.object({
      key: z.string(),
      category: z.enum(CATEGORY_SLUGS),
      title: z.string().min(1).max(200),
      content: z.string().min(1).max(10_000),
      tags: z.array(z.string().min(1).max(30)).max(10),
      isUrgent: z.boolean(),
      isAnonymous: z.boolean(),
      author: demoAuthor,
      hoursAgo: z.number().positive(),
      likedBy: z.array(demoAuthor),
      replies: z.array(
        z.object({ author: demoAuthor, content: z.string().min(1).max(5_000), minutesAfter: z.number() }),
      ),
    }),
  ),
});

async function seedDemoQuestions(db: Database): Promise<void> {
  const content = demoContentSchema.parse(demoQuestions);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_PROFILES.map((p) => p.email),
      ),
    );
  const idOf = (author: z.infer<typeof demoAuthor>) => {
    const account = accounts.find((a) => a.email === `${author}@demo.mentorme.example`);
    if (!account) throw new Error(`Demo account ${author} is missing.`);
    return account.id;
  };
  const [asked] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .where(
      inArray(
        questions.authorId,
        accounts.map((a) => a.id),
      ),
    );
  if ((asked?.count ?? 0) > 0) return;

  const categoryIds = new Map(
    (await db.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const now = Date.now();
  await db.transaction(async (tx) => {
    for (const item of content.questions) {
      const askedAt = new Date(now - item.hoursAgo * 3_600_000);
      const [question] = await tx
        .insert(questions)
        .values({
          authorId: idOf(item.author),
          categoryId: categoryIds.get(item.category) ?? null,
          title: item.title,
          content: item.content,
          language: messageLocale(`${item.title} ${item.content}`, 'en'),
          tags: item.tags,
          isUrgent: item.isUrgent,
          isAnonymous: item.isAnonymous,
          upvotes: item.likedBy.length,
          replyCount: item.replies.length,
          createdAt: askedAt,
        })
        .returning({ id: questions.id });
      const questionId = question!.id;
      // Chloe answers the sample questions too, once the server is up.
      await tx.insert(chloeReplyJobs).values({ questionId, urgent: item.isUrgent });
      if (item.likedBy.length) {
        await tx
          .insert(likes)
          .values(item.likedBy.map((who) => ({ userId: idOf(who), questionId, createdAt: askedAt })));
      }
      if (item.replies.length) {
        await tx.insert(replies).values(
          item.replies.map((reply) => ({
            questionId,
            authorId: idOf(reply.author),
            content: reply.content,
            createdAt: new Date(askedAt.getTime() + reply.minutesAfter * 60_000),
          })),
        );
      }
    }
  });
}
