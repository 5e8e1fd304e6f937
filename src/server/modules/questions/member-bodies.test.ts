import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  questionDetailSchema,
  questionListSchema,
  type ListQuestionsOptions,
} from '../../../shared/schemas/questions';
import { users } from '../../db/schema';
import { listQuestions } from './feed';
import { getQuestion } from './question-detail';
import { memberListJson, memberQuestionJson } from './member-bodies';
import { useQuestionsApp } from './questions.test-helpers';

const { t, a, alice, bob, admin } = useQuestionsApp();

/** A feed's first page, as the route's schema gives its options. */
const feed = (sort: 'latest' | 'trending'): ListQuestionsOptions => ({
  sort,
  limit: 20,
  q: undefined,
  cursor: undefined,
  first: [],
  rest: false,
});

/** The person as the session check gives them. */
const person = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('a member’s feed and question page from the shared pieces', () => {
  let anonymousId = '';
  let openId = '';

  beforeAll(async () => {
    const anonymous = await a().ask(alice.headers, {
      title: 'Asked without a name',
      isAnonymous: true,
      content: 'Words "quoted", a back\\slash, and 🇻🇳 in it.',
    });
    anonymousId = anonymous.id;
    await a().reply(alice.headers, anonymousId, 'The asker answers too, still without a name');
    await a().reply(bob.headers, anonymousId, 'Bob answers');
    openId = (await a().ask(bob.headers, { title: 'Asked by Bob', tags: ['rent', 'bond'] })).id;
    await a().post(`/api/questions/${openId}/like`, undefined, alice.headers);
    await a().post(`/api/questions/${openId}/bookmark`, undefined, alice.headers);
  });

  it('is exactly what the general path answers, for every sort and language, to the asker and to another', async () => {
    for (const member of [alice, bob]) {
      const viewer = await person(member.id);
      for (const sort of ['latest', 'trending'] as const)
        for (const locale of ['en', 'vi'] as const) {
          const options = feed(sort);
          const json = await memberListJson(t.db, viewer, locale, options);
          expect(questionListSchema.strict().safeParse(JSON.parse(json!.toString())).success).toBe(true);
          expect(JSON.parse(json!.toString())).toEqual(
            JSON.parse(JSON.stringify(await listQuestions(t.db, viewer, locale, options))),
          );
        }
      for (const id of [anonymousId, openId]) {
        const json = await memberQuestionJson(t.db, viewer, 'vi', id);
        expect(questionDetailSchema.safeParse(JSON.parse(json!.toString())).success).toBe(true);
        expect(JSON.parse(json!.toString())).toEqual(
          JSON.parse(JSON.stringify(await getQuestion(t.db, viewer, 'vi', id))),
        );
      }
    }
  });

  it('names nobody anonymous and marks only the member’s own', async () => {
    const page = JSON.parse((await memberQuestionJson(t.db, await person(bob.id), 'en', anonymousId))!);
    expect(page.author).toBeNull();
    expect(page.isOwn).toBe(false);
    expect(
      page.replies.map((reply: { author: unknown; isOwn: boolean }) => [reply.author, reply.isOwn]),
    ).toEqual([
      [null, false],
      [{ displayName: 'Bob Nguyen', role: 'student' }, true],
    ]);
    expect(JSON.stringify(page)).not.toContain('Alice Tran');
    const list = JSON.parse(
      (await memberListJson(t.db, await person(alice.id), 'en', feed('latest')))!.toString(),
    );
    const open = list.questions.find((q: { id: string }) => q.id === openId);
    expect(open).toMatchObject({ liked: true, bookmarked: true, followed: false, isOwn: false });
  });

  it('leaves admins, searches and later pages to the general path', async () => {
    expect(await memberListJson(t.db, await person(admin.id), 'en', feed('latest'))).toBeNull();
    expect(await memberQuestionJson(t.db, await person(admin.id), 'en', anonymousId)).toBeNull();
    expect(
      await memberListJson(t.db, await person(bob.id), 'en', { ...feed('latest'), q: 'rent' }),
    ).toBeNull();
  });
});
