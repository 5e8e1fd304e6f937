import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { ADMIN_LIMITS, type AdminReport, type ReportStatus } from '../../../shared/schemas/admin';
import { reports } from '../../db/schema';
import { createUser, insertQuestions, insertReply } from '../questions/questions.test-helpers';
import { everyPage } from '../../test/helpers';
import { FOREIGN_CURSOR, useAdminApp } from '../admin/admin.test-helpers';

const { t, api, admin, alice, bob, mentor } = useAdminApp();

/** Which item each report is about: a queue row carries its newest report's id. */
const targetOfReport = new Map<string, string>();
const learnTargets = async () => {
  for (const row of await t.db.select({ id: reports.id, targetId: reports.targetId }).from(reports)) {
    targetOfReport.set(row.id, row.targetId);
  }
};
/** The one row of this item in a status's list. */
const only = async (targetId: string, status?: ReportStatus): Promise<AdminReport> => {
  await learnTargets();
  const rows = (await api().reports(admin, status)).reports.filter(
    (r) => targetOfReport.get(r.id) === targetId,
  );
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const question = async (title: string, authorId = alice.id) =>
  (await insertQuestions(t.db, [{ authorId, title, content: `${title}: the details.` }]))[0]!;

/** A new student's chat with the mentor, with these messages (the student and the mentor in turn). */
async function chatWith(lines: string[], title = 'Finding my first job') {
  const student = await createUser(t.db, { displayName: 'Chat Student' });
  const conversation = await api().chat(student, mentor.id, title);
  const sent = [];
  for (const [i, line] of lines.entries())
    sent.push(await api().say(i % 2 === 0 ? student : mentor, conversation.id, line));
  return { student, conversation, sent };
}

describe('the report queue', () => {
  it('groups every report on a question into one row: reasons counted, reporters, details newest first', async () => {
    const reported = await question('Cheap visas, DM me', bob.id);
    const third = await createUser(t.db, { displayName: 'Third Reporter' });
    await api().report(alice, 'question', reported.id, 'spam', 'Selling visas');
    await api().report(mentor, 'question', reported.id, 'spam');
    await api().report(third, 'question', reported.id, 'abuse', 'Rude to me');

    const row = await only(reported.id);
    const [newest] = await t.db
      .select()
      .from(reports)
      .where(eq(reports.targetId, reported.id))
      .orderBy(desc(reports.createdAt));
    expect(row).toMatchObject({
      id: newest!.id,
      targetType: 'question',
      status: 'open',
      reporterCount: 3,
      details: ['Rude to me', 'Selling visas'],
      content: {
        title: 'Cheap visas, DM me',
        text: 'Cheap visas, DM me: the details.',
        author: { id: bob.id, displayName: 'Bob Nguyen', role: 'student' },
      },
      link: `/questions/${reported.id}`,
      context: [],
      removed: false,
    });
    expect(row.reasons).toEqual(
      expect.arrayContaining([
        { reason: 'spam', count: 2 },
        { reason: 'abuse', count: 1 },
      ]),
    );
    expect(row.reasons).toHaveLength(2);
    expect(Date.parse(row.firstReportedAt)).toBeLessThan(Date.parse(row.lastReportedAt));
    expect(row.content.createdAt).toBe(reported.createdAt.toISOString());
  });

  it('shows a reported reply with its question’s title and link', async () => {
    const asked = await question('Where do I get a TFN?');
    const reply = await insertReply(t.db, {
      questionId: asked.id,
      authorId: mentor.id,
      content: 'Pay me and I will.',
    });
    await api().report(alice, 'reply', reply.id, 'misleading');
    await api().report(bob, 'reply', reply.id, 'spam', 'Asks for money');
    expect(await only(reply.id)).toMatchObject({
      targetType: 'reply',
      reporterCount: 2,
      details: ['Asks for money'],
      content: {
        title: 'Where do I get a TFN?',
        text: 'Pay me and I will.',
        author: { id: mentor.id, displayName: 'Minh Mentor', role: 'mentor' },
      },
      link: `/questions/${asked.id}`,
      context: [],
    });
  });

  it('shows a reported chat message with the two before it and nothing else of the chat', async () => {
    const lines = [
      'one: hello',
      'two: hi there',
      'three: my boss',
      'four: send me your bank PIN',
      'five: sorry',
    ];
    const { student, conversation, sent } = await chatWith(lines);
    await api().reportChat(student, conversation.id, {
      reason: 'personal-information',
      messageId: sent[3]!.id,
    });
    const row = await only(sent[3]!.id);
    expect(row).toMatchObject({
      targetType: 'message',
      reporterCount: 1,
      link: null,
      content: {
        text: 'four: send me your bank PIN',
        author: { id: mentor.id, displayName: 'Minh Mentor', role: 'mentor' },
      },
    });
    expect(row.context).toEqual([
      {
        id: sent[1]!.id,
        sender: expect.objectContaining({ id: mentor.id }),
        content: 'two: hi there',
        createdAt: sent[1]!.createdAt,
        reported: false,
      },
      {
        id: sent[2]!.id,
        sender: expect.objectContaining({ id: student.id }),
        content: 'three: my boss',
        createdAt: sent[2]!.createdAt,
        reported: false,
      },
      {
        id: sent[3]!.id,
        sender: expect.objectContaining({ id: mentor.id }),
        content: 'four: send me your bank PIN',
        createdAt: sent[3]!.createdAt,
        reported: true,
      },
    ]);
    const body = JSON.stringify(row);
    expect(body).not.toContain('one: hello');
    expect(body).not.toContain('five: sorry');
  });

  it('shows the first message of a chat alone, with nothing before it', async () => {
    const { student, conversation, sent } = await chatWith(['first: are you there?', 'second: yes']);
    await api().reportChat(student, conversation.id, { reason: 'abuse', messageId: sent[0]!.id });
    const row = await only(sent[0]!.id);
    expect(row.context.map((line) => [line.content, line.reported])).toEqual([
      ['first: are you there?', true],
    ]);
  });

  it('shows a whole reported chat by its title with its last three messages before the report, and no link', async () => {
    const { student, conversation } = await chatWith(['a1', 'a2', 'a3', 'a4'], 'Visa sponsorship offer');
    await api().reportChat(student, conversation.id, {
      reason: 'spam',
      details: 'Offers to sell sponsorship',
    });
    await api().say(student, conversation.id, 'after the report');
    const row = await only(conversation.id);
    expect(row).toMatchObject({
      targetType: 'conversation',
      details: ['Offers to sell sponsorship'],
      content: { title: 'Visa sponsorship offer', author: { id: student.id } },
      link: null,
      removed: false,
    });
    expect(row.context.map((line) => line.content)).toEqual(['a2', 'a3', 'a4']);
    expect(row.context.every((line) => !line.reported)).toBe(true);
  });

  it('orders rows by their newest report, newest first, and a new report moves a row up', async () => {
    const [older, newer] = [await question('Older reported'), await question('Newer reported')];
    await api().report(bob, 'question', older.id);
    await api().report(bob, 'question', newer.id);
    await learnTargets();
    const position = async (id: string) =>
      (await api().reports(admin)).reports.findIndex((r) => targetOfReport.get(r.id) === id);
    expect(await position(newer.id)).toBe(0);
    expect(await position(older.id)).toBe(1);
    await api().report(mentor, 'question', older.id);
    await learnTargets();
    expect(await position(older.id)).toBe(0);
    expect(await position(newer.id)).toBe(1);
    const list = await api().reports(admin);
    const stamps = list.reports.map((r) => Date.parse(r.lastReportedAt));
    expect(stamps).toEqual([...stamps].sort((a, b) => b - a));
  });

  it('lists each status on its own, open by default, with the number of items as the total', async () => {
    const kept = await question('Dismiss me');
    const gone = await question('Remove me');
    await api().report(alice, 'question', kept.id);
    await api().report(alice, 'question', gone.id);
    await learnTargets();
    const ids = async (status?: ReportStatus) =>
      (await api().reports(admin, status)).reports.map((r) => targetOfReport.get(r.id));
    expect(await ids()).toEqual(await ids('open'));
    const keptId = (await only(kept.id)).id;
    const goneId = (await only(gone.id)).id;
    expect((await api().decide(admin, keptId, { action: 'dismiss' })).statusCode).toBe(200);
    expect((await api().decide(admin, goneId, { action: 'remove' })).statusCode).toBe(200);

    expect(await ids('open')).not.toContain(kept.id);
    expect(await ids('open')).not.toContain(gone.id);
    expect(await ids('dismissed')).toEqual([kept.id]);
    expect(await ids('resolved')).toEqual([gone.id]);
    expect((await only(kept.id, 'dismissed')).status).toBe('dismissed');
    expect((await only(gone.id, 'resolved')).status).toBe('resolved');

    const open = await api().reports(admin, 'open');
    const targets = await t.db
      .selectDistinct({ id: reports.targetId })
      .from(reports)
      .where(eq(reports.status, 'open'));
    expect(open).toMatchObject({ total: targets.length, nextCursor: null });
    expect(open.reports).toHaveLength(targets.length);
  });

  it('refuses a bad status or a cursor it did not make with 400', async () => {
    const cases = [
      ['status=closed', pagesEn.validation.invalidInput],
      [`cursor=${FOREIGN_CURSOR}`, pagesEn.validation.cursorInvalid],
      ['cursor=page-2!', pagesEn.validation.cursorInvalid],
    ];
    for (const [query, error] of cases) {
      const response = await api().send('GET', `/api/admin/reports?${query}`, admin);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ error, code: 'VALIDATION' });
    }
  });
});

describe('paging the report queue by its cursor', () => {
  it('walks every item of a status once, the newest report first, items reported at one instant too', async () => {
    const asked = await insertQuestions(
      t.db,
      Array.from({ length: 30 }, (_, i) => ({ authorId: mentor.id, title: `Paged report ${i}` })),
    );
    const instant = new Date(Date.now() - 60 * 60_000);
    await t.db.insert(reports).values(
      asked.flatMap((item, i) => {
        const about = { questionId: item.id, targetType: 'question' as const, targetId: item.id };
        return [
          // Most dismissed at one instant, a few a minute later: the newest report's id decides among the first.
          {
            ...about,
            reporterId: bob.id,
            reason: 'spam' as const,
            status: 'dismissed' as const,
            createdAt: i < 4 ? new Date(instant.getTime() + 60_000) : instant,
          },
          // Still open on each: never in the dismissed list, on any page.
          { ...about, reporterId: alice.id, reason: 'spam' as const, createdAt: instant },
        ];
      }),
    );
    const pages = await everyPage((cursor) => api().reports(admin, 'dismissed', cursor));
    const expected = await t.db.execute<{ target_id: string }>(sql`
      select target_id from reports where status = 'dismissed' group by target_type, target_id
      order by max(created_at) desc, (array_agg(id order by created_at desc, id))[1] desc`);
    expect(expected.rows.length).toBeGreaterThan(ADMIN_LIMITS.pageSize);
    expect(pages).toHaveLength(2);
    expect(pages.map((page) => page.total)).toEqual([expected.rows.length, expected.rows.length]);
    await learnTargets();
    const listed = pages.flatMap((page) => page.reports);
    expect(listed.every((report) => report.status === 'dismissed')).toBe(true);
    expect(listed.map((report) => targetOfReport.get(report.id))).toEqual(
      expected.rows.map((row) => row.target_id),
    );
  });
});
