import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n';
import type { AccountExport } from '../../../shared/schemas/account';
import { mailOutbox, sessions, users, voiceNotes } from '../../db/schema';
import { hashToken } from '../../plugins/auth';
import { useTestApp } from '../../test/helpers';
import { api, createUser, RELAXED_LIMITS, type FastUser } from '../questions/questions.test-helpers';
import { seedCategories } from '../questions/categories';
import { EXPORTS_PER_HOUR } from '../../lib/rate-limits';

const t = useTestApp(RELAXED_LIMITS);
const a = () => api(t.app);

beforeAll(async () => {
  await seedCategories(t.db);
});

const exportOf = (user: FastUser | null, headers: Record<string, string> = {}) =>
  a().get('/api/me/export', { ...(user?.headers ?? {}), ...headers });

describe('GET /api/me/export', () => {
  it('answers a visitor with 401, and a bad token as a visitor', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-session' }] as Record<string, string>[]) {
      const response = await a().get('/api/me/export', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: translate('en', 'errors.unauthorized'),
        code: 'UNAUTHORIZED',
      });
    }
  });

  it("holds the person's own account, questions (anonymous ones too), replies, likes, bookmarks, reports and voice notes, and nothing of anyone else", async () => {
    const alice = await createUser(t.db, { displayName: 'Alice Export' });
    const bob = await createUser(t.db, { displayName: 'Bob Elsewhere' });

    const secret = await a().ask(alice.headers, {
      title: 'Alice asks anonymously about her visa',
      content: 'Alice details that only Alice wrote.',
      category: 'immigration-help',
      tags: ['Visa', 'work rights'],
      isAnonymous: true,
    });
    const open = await a().ask(alice.headers, { title: 'Alice asks openly', content: 'Alice open content.' });
    // Straight into the table: the upload's own checks are tested with the questions.
    await t.db
      .insert(voiceNotes)
      .values({ questionId: open.id, mimeType: 'audio/ogg', data: randomBytes(1_024), byteLength: 1_024 });

    const bobs = await a().ask(bob.headers, {
      title: 'Bob private-looking title zebra',
      content: 'Bob content xylophone',
      tags: ['bobtag'],
    });
    await a().reply(alice.headers, bobs.id, 'Alice replies to Bob kindly');
    await a().reply(bob.headers, secret.id, 'Bob replies to Alice quokka');
    expect(
      (await a().post(`/api/questions/${bobs.id}/like`, { liked: true }, alice.headers)).statusCode,
    ).toBe(200);
    expect(
      (await a().post(`/api/questions/${bobs.id}/bookmark`, { bookmarked: true }, alice.headers)).statusCode,
    ).toBe(200);
    expect(
      (
        await a().post(
          `/api/questions/${bobs.id}/report`,
          { reason: 'misleading', details: 'Alice thinks this is wrong' },
          alice.headers,
        )
      ).statusCode,
    ).toBe(201);
    // Bob marks Alice's question: his like, bookmark and report are his data, not hers.
    await a().post(`/api/questions/${secret.id}/like`, { liked: true }, bob.headers);
    await a().post(`/api/questions/${secret.id}/bookmark`, { bookmarked: true }, bob.headers);
    await a().post(
      `/api/questions/${secret.id}/report`,
      { reason: 'spam', details: 'Bob report walrus' },
      bob.headers,
    );

    const response = await exportOf(alice);
    expect(response.statusCode).toBe(200);
    const data = response.json<AccountExport>();
    const [account] = await t.db.select().from(users).where(eq(users.id, alice.id));

    expect(data.account).toEqual({
      id: alice.id,
      email: account!.email,
      displayName: 'Alice Export',
      role: 'student',
      locale: 'en',
      isDemo: false,
      mentorVerifiedAt: null,
      emailVerifiedAt: account!.emailVerifiedAt!.toISOString(),
      mentorDeclinedReason: null,
      isFoundingMember: false,
      headline: null,
      story: null,
      countryPath: null,
      expertise: [],
      state: null,
      city: null,
      topics: [],
      languages: [],
      createdAt: account!.createdAt.toISOString(),
      // Signing in is a visit.
      lastSeenAt: account!.lastSeenAt!.toISOString(),
    });
    expect(data.sessions).toHaveLength(1);

    expect(data.questions.map((q) => q.id).sort()).toEqual([secret.id, open.id].sort());
    expect(data.questions.find((q) => q.id === secret.id)).toMatchObject({
      title: 'Alice asks anonymously about her visa',
      content: 'Alice details that only Alice wrote.',
      category: { slug: 'immigration-help', name: 'Immigration Help' },
      tags: ['visa', 'work rights'],
      isAnonymous: true,
      upvotes: 1,
      replyCount: 1,
    });
    expect(Date.parse(data.questions[0]!.createdAt)).not.toBeNaN();

    expect(data.replies).toEqual([
      expect.objectContaining({ questionId: bobs.id, content: 'Alice replies to Bob kindly' }),
    ]);
    expect(data.likes).toEqual([{ questionId: bobs.id, createdAt: expect.any(String) }]);
    expect(data.bookmarks).toEqual([{ questionId: bobs.id, createdAt: expect.any(String) }]);
    expect(data.reports).toEqual([
      expect.objectContaining({
        questionId: bobs.id,
        replyId: null,
        reason: 'misleading',
        details: 'Alice thinks this is wrong',
        status: 'open',
      }),
    ]);
    expect(data.voiceNotes).toEqual([
      { questionId: open.id, mimeType: 'audio/ogg', byteLength: 1_024, createdAt: expect.any(String) },
    ]);
    expect(data).not.toHaveProperty('chatMessages');

    const text = response.body;
    for (const foreign of [
      bob.id,
      'Bob Elsewhere',
      'Bob private-looking title zebra',
      'Bob content xylophone',
      'bobtag',
      'Bob replies to Alice quokka',
      'Bob report walrus',
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('never holds the password hash or a session token', async () => {
    const carol = await createUser(t.db);
    const response = await exportOf(carol);
    const [account] = await t.db.select().from(users).where(eq(users.id, carol.id));
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, carol.id));
    expect(session!.tokenHash).toBe(hashToken(carol.token));
    for (const secret of [account!.passwordHash, '$argon2', carol.token, session!.tokenHash, session!.id]) {
      expect(response.body).not.toContain(secret);
    }
    expect(response.body).not.toMatch(/password|token/i);
  });

  it('lists the emails sent to their address, by kind and time, without their links', async () => {
    const erin = await createUser(t.db);
    const other = await createUser(t.db);
    const [erinRow] = await t.db.select().from(users).where(eq(users.id, erin.id));
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.id));
    const email = { kind: 'verify-email', locale: 'en', subject: 'Confirm', html: '' } as const;
    await t.db.insert(mailOutbox).values([
      { ...email, toAddress: erinRow!.email.toUpperCase(), text: 'https://x/verify-email?token=erin-link' },
      { ...email, toAddress: otherRow!.email, text: 'https://x/verify-email?token=other-link' },
    ]);
    const response = await exportOf(erin);
    expect(response.json<AccountExport>().emails).toEqual([
      { kind: 'verify-email', status: 'pending', createdAt: expect.any(String), sentAt: null },
    ]);
    expect(response.body).not.toContain('erin-link');
  });

  it('is a dated JSON attachment that no cache keeps', async () => {
    const dave = await createUser(t.db);
    const before = new Date();
    const response = await exportOf(dave);
    const after = new Date();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // Exported during the request, and named after its (UTC) day: the day it began, or the next if it ran past midnight.
    const { exportedAt } = response.json<AccountExport>();
    expect(Date.parse(exportedAt)).toBeGreaterThanOrEqual(before.getTime());
    expect(Date.parse(exportedAt)).toBeLessThanOrEqual(after.getTime());
    const day = exportedAt.slice(0, 10);
    expect([before, after].map((date) => date.toISOString().slice(0, 10))).toContain(day);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="mentor-me-data-${day}.json"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it(`allows ${EXPORTS_PER_HOUR} exports an hour per person, then answers 429 in the caller's language`, async () => {
    const erin = await createUser(t.db);
    for (let i = 0; i < EXPORTS_PER_HOUR; i += 1) expect((await exportOf(erin)).statusCode).toBe(200);

    const limited = await exportOf(erin);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(limited.json()).toEqual({
      error: translate('en', 'errors.tooManyExports', { minutes: Math.ceil(retryAfter / 60) }),
      code: 'RATE_LIMITED',
    });
    expect(limited.headers['content-disposition']).toBeUndefined();

    const inVietnamese = await exportOf(erin, { 'accept-language': 'vi' });
    expect(inVietnamese.statusCode).toBe(429);
    expect(inVietnamese.json<{ error: string }>().error).toMatch(/^Bạn đã tải dữ liệu của mình nhiều lần/);

    // Someone else, on the same address, is not held back by it; visitors still get their 401.
    expect((await exportOf(await createUser(t.db))).statusCode).toBe(200);
    expect((await exportOf(null)).statusCode).toBe(401);
  });
});
