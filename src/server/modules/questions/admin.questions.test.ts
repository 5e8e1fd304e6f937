import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../../shared/categories';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import { ADMIN_LIMITS, type AdminQuestion } from '../../../shared/schemas/admin';
import { questions, reports } from '../../db/schema';
import { api as questionsApi, DAY_MS, HOUR_MS, insertQuestions, insertReply } from './questions.test-helpers';
import { everyPage } from '../../test/helpers';
import { FOREIGN_CURSOR, useAdminApp } from '../admin/admin.test-helpers';

const { t, api, admin, alice, bob, mentor } = useAdminApp();

const categoryName = (slug: string, locale: 'en' | 'vi') =>
  CATEGORIES.find((c) => c.slug === slug)!.name[locale];
const titles = (list: AdminQuestion[]) => list.map((q) => q.title);

describe('the question list', () => {
  // Newest first: sos (1 h ago), house (2 h), work (3 h), health (4 h).
  const ids: Record<'sos' | 'house' | 'work' | 'health', string> = {
    sos: '',
    house: '',
    work: '',
    health: '',
  };
  beforeAll(async () => {
    const now = Date.now();
    const rows = await insertQuestions(t.db, [
      {
        authorId: alice.id,
        title: 'Visa renewal deadline tomorrow',
        category: 'immigration-help',
        isUrgent: true,
        isAnonymous: true,
        createdAt: new Date(now - HOUR_MS),
      },
      {
        authorId: bob.id,
        title: 'Finding a share house in Sydney',
        category: 'housing',
        replyCount: 1,
        createdAt: new Date(now - 2 * HOUR_MS),
      },
      {
        authorId: alice.id,
        title: 'Part time work hours on a student visa',
        category: 'work-career',
        isUrgent: true,
        replyCount: 1,
        createdAt: new Date(now - 3 * HOUR_MS),
      },
      {
        authorId: bob.id,
        title: 'Health cover for international students',
        category: 'health-well-being',
        replyCount: 2,
        createdAt: new Date(now - 4 * HOUR_MS),
      },
    ]);
    const [sos, house, work, health] = rows.map((row) => row.id) as [string, string, string, string];
    Object.assign(ids, { sos, house, work, health });
    await insertReply(t.db, {
      questionId: ids.house,
      authorId: alice.id,
      content: 'Try the uni noticeboard.',
    });
    // Chloe's replies have no author and do not count as a person's.
    await insertReply(t.db, {
      questionId: ids.work,
      authorId: null,
      content: 'Chloe: 48 hours a fortnight.',
      isAiReply: true,
    });
    await insertReply(t.db, {
      questionId: ids.health,
      authorId: null,
      content: 'Chloe: OSHC.',
      isAiReply: true,
    });
    const mentorReply = await insertReply(t.db, {
      questionId: ids.health,
      authorId: mentor.id,
      content: 'Compare OSHC providers.',
    });

    await api().report(alice, 'question', ids.house, 'spam');
    await api().report(alice, 'reply', mentorReply.id, 'misleading');
    await api().report(bob, 'reply', mentorReply.id, 'other');
    await api().report(alice, 'question', ids.health, 'abuse');
    // A report already dealt with counts nowhere.
    await api().report(bob, 'question', ids.sos, 'spam');
    await t.db.update(reports).set({ status: 'dismissed' }).where(eq(reports.targetId, ids.sos));
  });

  it('lists every question newest first, with the counts a moderator needs', async () => {
    const list = await api().questions(admin);
    expect(titles(list.questions)).toEqual([
      'Visa renewal deadline tomorrow',
      'Finding a share house in Sydney',
      'Part time work hours on a student visa',
      'Health cover for international students',
    ]);
    expect(list).toMatchObject({ total: 4, nextCursor: null });
    const byId = new Map(list.questions.map((q) => [q.id, q]));
    expect(byId.get(ids.health)).toMatchObject({
      category: categoryName('health-well-being', 'en'),
      categorySlug: 'health-well-being',
      isUrgent: false,
      replyCount: 2,
      humanReplyCount: 1,
      openReports: 3,
      author: { id: bob.id, displayName: 'Bob Nguyen', role: 'student' },
    });
    expect(byId.get(ids.work)).toMatchObject({
      isUrgent: true,
      replyCount: 1,
      humanReplyCount: 0,
      openReports: 0,
    });
    expect(byId.get(ids.house)).toMatchObject({ humanReplyCount: 1, openReports: 1 });
    expect(byId.get(ids.sos)).toMatchObject({ humanReplyCount: 0, openReports: 0 });
  });

  it('shows an admin who asked an anonymous question, and only an admin', async () => {
    const list = await api().questions(admin);
    expect(list.questions.find((q) => q.id === ids.sos)).toMatchObject({
      isAnonymous: true,
      author: { id: alice.id, displayName: 'Alice Tran', role: 'student' },
    });
    const asBob = await questionsApi(t.app).detail(ids.sos, bob.headers);
    expect(asBob.author).toBeNull();
  });

  it('searches titles and filters by category and by each filter', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ q: 'share house' }, [ids.house]],
      [{ q: 'health cover' }, [ids.health]],
      [{ q: 'student visa' }, [ids.work]],
      [{ category: 'housing' }, [ids.house]],
      [{ category: 'founders' }, []],
      [{ filter: 'urgent' }, [ids.sos, ids.work]],
      [{ filter: 'reported' }, [ids.house, ids.health]],
      [{ filter: 'unanswered' }, [ids.sos, ids.work]],
      [{ filter: 'urgent', category: 'work-career' }, [ids.work]],
      [{ filter: 'unanswered', q: 'visa' }, [ids.sos, ids.work]],
    ];
    for (const [params, expected] of cases) {
      const list = await api().questions(admin, params);
      expect(
        list.questions.map((q) => q.id),
        JSON.stringify(params),
      ).toEqual(expected);
      expect(list.total, JSON.stringify(params)).toBe(expected.length);
    }
  });

  it('names categories in the caller’s language', async () => {
    const response = await api().send('GET', '/api/admin/questions?category=housing', admin, undefined, {
      'accept-language': 'vi',
    });
    expect(response.json().questions[0].category).toBe(categoryName('housing', 'vi'));
  });

  it('lists SOS questions no person has answered, as the dashboard counts them', async () => {
    const [answered] = await insertQuestions(t.db, [
      { authorId: bob.id, title: 'SOS a mentor answered', isUrgent: true },
    ]);
    await insertReply(t.db, { questionId: answered!.id, authorId: mentor.id, content: 'Call 000.' });
    try {
      const listed = async (filter: string) =>
        (await api().questions(admin, { filter })).questions.map((q) => q.id);
      expect(await listed('urgent')).toContain(answered!.id);
      expect(await listed('urgent-unanswered')).toEqual([ids.sos, ids.work]);
    } finally {
      await t.db.delete(questions).where(eq(questions.id, answered!.id));
    }
  });

  it('refuses a bad filter, category, cursor or search with 400', async () => {
    const cases: [string, string][] = [
      ['filter=everything', pagesEn.validation.invalidInput],
      ['category=pets', pagesEn.validation.categoryInvalid],
      [`cursor=${FOREIGN_CURSOR}`, pagesEn.validation.cursorInvalid],
      ['cursor=abc', pagesEn.validation.cursorInvalid],
      [`q=${'a'.repeat(201)}`, pagesEn.validation.searchMax],
    ];
    for (const [query, message] of cases) {
      const response = await api().send('GET', `/api/admin/questions?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: message, code: 'VALIDATION' });
    }
    const vi = await api().send('GET', '/api/admin/questions?category=pets', admin, undefined, {
      'accept-language': 'vi',
    });
    expect(vi.json()).toEqual({ error: pagesVi.validation.categoryInvalid, code: 'VALIDATION' });
  });
});

describe('paging the question list by its cursor', () => {
  let bulk: string[];
  beforeAll(async () => {
    const now = Date.now();
    // 27 founders' questions, the last 20 asked at one instant (their ids decide among them), and as many of
    // another category at the same times, which the filter keeps out of every page.
    const at = (i: number) => new Date(now - DAY_MS - Math.min(i, 7) * 60_000);
    const rows = await insertQuestions(t.db, [
      ...Array.from({ length: 27 }, (_, i) => ({
        authorId: bob.id,
        title: `Startup question ${i + 1}`,
        category: 'founders' as const,
        createdAt: at(i),
      })),
      ...Array.from({ length: 27 }, (_, i) => ({
        authorId: bob.id,
        title: `Rental question ${i + 1}`,
        category: 'housing' as const,
        createdAt: at(i),
      })),
    ]);
    const founders = rows.filter((row) => row.title.startsWith('Startup')).map((row) => row.id);
    const ordered = await t.db
      .select({ id: questions.id })
      .from(questions)
      .where(inArray(questions.id, founders))
      .orderBy(desc(questions.createdAt), desc(questions.id));
    bulk = ordered.map((row) => row.id);
  });
  const walk = () => everyPage((cursor) => api().questions(admin, { category: 'founders', cursor }));

  it('pages 25 at a time, newest first, each once, with the total of every match on every page', async () => {
    const [first, second, ...more] = await walk();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ total: 27, nextCursor: expect.any(String) });
    expect(second).toMatchObject({ total: 27, nextCursor: null });
    expect(first).not.toHaveProperty('page');
    expect(first!.questions).toHaveLength(ADMIN_LIMITS.pageSize);
    expect(second!.questions).toHaveLength(2);
    expect([...first!.questions, ...second!.questions].map((q) => q.id)).toEqual(bulk);
    expect([...first!.questions, ...second!.questions].every((q) => q.categorySlug === 'founders')).toBe(
      true,
    );
  });

  it('keeps the total when the rows after a cursor have gone, and has no cursor with no match', async () => {
    const [first] = await walk();
    await t.db
      .delete(questions)
      .where(and(inArray(questions.id, bulk.slice(ADMIN_LIMITS.pageSize)), eq(questions.authorId, bob.id)));
    const past = await api().questions(admin, { category: 'founders', cursor: first!.nextCursor! });
    expect(past).toEqual({ questions: [], nextCursor: null, total: 25 });
    const none = await api().questions(admin, { category: 'founders', filter: 'reported' });
    expect(none).toEqual({ questions: [], nextCursor: null, total: 0 });
  });
});
