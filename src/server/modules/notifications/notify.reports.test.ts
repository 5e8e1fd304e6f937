import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { bearer, signUp } from '../../test/helpers';
import { mentor as verifiedMentor, startConversation } from '../chat/chat.test-helpers';
import { createUser, useQuestionsApp, type FastUser } from '../questions/questions.test-helpers';
import { bellApi, rowsOf } from './notifications.test-helpers';

const { t, a, alice, admin } = useQuestionsApp();
const bell = () => bellApi(t.app);
let otherAdmin: FastUser;

beforeAll(async () => {
  otherAdmin = await createUser(t.db, { role: 'admin', displayName: 'Other Admin' });
});

const reportsFor = async (who: FastUser) =>
  (await rowsOf(t.db, who.id)).filter((row) => row.type === 'new_reports');

/** The hour's number since 1970, as the notifications' keys carry it. */
const hourKey = () => `reports:${Math.floor(Date.now() / 3_600_000)}`;

async function reportNewQuestion(reporter: FastUser) {
  const question = await a().ask(alice.headers);
  const response = await a().post(
    `/api/questions/${question.id}/report`,
    { reason: 'spam' },
    reporter.headers,
  );
  expect(response.statusCode).toBe(201);
}

describe('new reports', () => {
  it('tell each admin once an hour while unread, never naming the reporter, with no email', async () => {
    const reporter = await createUser(t.db, { displayName: 'Careful Reporter' });
    await reportNewQuestion(reporter);
    for (const who of [admin, otherAdmin]) {
      expect(await reportsFor(who)).toEqual([
        expect.objectContaining({ eventKey: hourKey(), actorId: null, emailDueAt: null, readAt: null }),
      ]);
    }
    const page = await bell().page(admin);
    expect(page.notifications[0]).toMatchObject({
      type: 'new_reports',
      actor: null,
      target: { kind: 'reports', id: null, title: 'Reports' },
      text: 'New reports are waiting for review.',
    });
    expect(JSON.stringify(page)).not.toContain('Careful Reporter');
    expect(await rowsOf(t.db, reporter.id)).toEqual([]);

    // More reports while it is unread, and after it is read in the same hour: still one each.
    await reportNewQuestion(await createUser(t.db));
    await bell().read(admin, { all: true });
    await reportNewQuestion(await createUser(t.db));
    expect(await reportsFor(admin)).toHaveLength(1);
    expect(await reportsFor(otherAdmin)).toHaveLength(1);
  });

  it('tell an admin again in a later hour once they read the last one, and only then', async () => {
    // The last notification, as if it were from an hour before.
    for (const who of [admin, otherAdmin]) {
      await t.db.update(notifications).set({ eventKey: 'reports:1' }).where(eq(notifications.userId, who.id));
    }
    await bell().read(admin, { all: true });
    await reportNewQuestion(await createUser(t.db));
    expect((await reportsFor(admin)).map((row) => [row.eventKey, row.readAt === null])).toEqual([
      ['reports:1', false],
      [hourKey(), true],
    ]);
    // The other admin has not read theirs: nothing more for them.
    expect(await reportsFor(otherAdmin)).toHaveLength(1);
  });

  it('never tell the admin who reported', async () => {
    const reporter = await createUser(t.db, { role: 'admin' });
    await t.db.delete(notifications).where(eq(notifications.type, 'new_reports'));
    await reportNewQuestion(reporter);
    expect(await reportsFor(reporter)).toEqual([]);
    expect(await reportsFor(admin)).toHaveLength(1);
  });

  it('include reports on chats', async () => {
    await t.db.delete(notifications).where(eq(notifications.type, 'new_reports'));
    const student = await signUp(t.app);
    const mentor = await verifiedMentor(t.app, t.db);
    const conversation = await startConversation(t.app, student, mentor.user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/report`,
      headers: bearer(student.token),
      payload: { reason: 'abuse' },
    });
    expect(response.statusCode).toBe(201);
    expect(await reportsFor(admin)).toHaveLength(1);
    expect(await reportsFor(otherAdmin)).toHaveLength(1);
  });
});
