import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { pagesEn } from '../shared/i18n/pages.en';
import { blocks, notifications, users } from './db/schema';
import { useListeningApps } from './security.test-helpers';
import { signUp, userWithRole } from './test/helpers';

const { database, started } = useListeningApps();

describe('anonymity', () => {
  it('moves no public number about a person when they post anonymously', async () => {
    const { app } = await started();
    const member = await signUp(app, { displayName: 'Founding Fiona' });
    await database.db.update(users).set({ isFoundingMember: true }).where(eq(users.id, member.user.id));
    const get = async (url: string) => (await app.inject({ url })).json<unknown>();
    const publicNumbers = async () => ({
      founders: await get('/api/founders'),
      stats: await get('/api/stats/community'),
    });

    const before = await publicNumbers();
    const posted = await app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: member.cookie },
      payload: {
        title: 'A worry I keep to myself',
        content: 'Please do not show my name.',
        isAnonymous: true,
      },
    });
    expect(posted.statusCode).toBe(201);
    const questionId = posted.json<{ id: string }>().id;
    const replied = await app.inject({
      method: 'POST',
      url: `/api/questions/${questionId}/replies`,
      headers: { cookie: member.cookie },
      payload: { content: 'An update on my own question.' },
    });
    expect(replied.statusCode).toBe(201);
    expect(await publicNumbers()).toEqual(before);

    // The question is public, its author and the author's reply are not.
    const detail = (await app.inject({ url: `/api/questions/${questionId}` })).json<{
      author: unknown;
      replies: { author: unknown }[];
    }>();
    expect(detail.author).toBeNull();
    expect(detail.replies.map((reply) => reply.author)).toEqual([null]);

    // A question posted openly counts.
    const open = await app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: member.cookie },
      payload: { title: 'An open question', content: 'Signed with my name.' },
    });
    expect([201, 429]).toContain(open.statusCode);
  });

  it('tells every follower of a reply that names nobody, so a block cannot show who asked', async () => {
    const { app } = await started();
    const asker = await signUp(app);
    const blockedMentor = await userWithRole(app, database.db, 'mentor');
    const otherFollower = await signUp(app);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/questions',
      headers: { cookie: asker.cookie },
      payload: { title: 'Who can see this is mine?', content: 'Asked without my name.', isAnonymous: true },
    });
    const questionId = asked.json<{ id: string }>().id;
    for (const follower of [blockedMentor, otherFollower]) {
      const followed = await app.inject({
        method: 'PUT',
        url: `/api/questions/${questionId}/follow`,
        headers: { cookie: follower.cookie },
      });
      expect(followed.statusCode).toBe(200);
    }
    // The asker blocked the mentor (in a chat): nothing about the anonymous question may show it.
    await database.db.insert(blocks).values({ blockerId: asker.user.id, blockedId: blockedMentor.user.id });
    const replied = await app.inject({
      method: 'POST',
      url: `/api/questions/${questionId}/replies`,
      headers: { cookie: asker.cookie },
      payload: { content: 'More details from me.' },
    });
    expect(replied.statusCode).toBe(201);

    for (const follower of [blockedMentor, otherFollower]) {
      const rows = await database.db
        .select({ actorId: notifications.actorId })
        .from(notifications)
        .where(eq(notifications.userId, follower.user.id));
      expect(rows).toEqual([{ actorId: null }]);
    }
  });
});

describe('display names', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await started());
  });

  const signup = (displayName: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: `name-${Math.random().toString(36).slice(2)}@example.com`,
        password: 'Tall-Kangaroo-Sunrise-42',
        displayName,
      },
    });

  it('refuses names that show nothing or turn text around', async () => {
    for (const [name, key] of [
      ['\u200b\u200b', 'displayNameInvisible'],
      ['Admin\u202e', 'displayNameInvisible'],
      ['\u2066Mentor\u2069', 'displayNameInvisible'],
      ['Li\u200dnh', 'displayNameInvisible'],
      ['\u3164', 'displayNameInvisible'],
      ['12345', 'displayNameLetter'],
      ['...', 'displayNameLetter'],
      ['Linh\u0000', 'controlCharacters'],
    ] as const) {
      const response = await signup(name);
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json()).toEqual({ error: pagesEn.validation[key], code: 'VALIDATION' });
    }
  });

  it('keeps real names in any script, normalised to NFC, in sign-up and the profile', async () => {
    const decomposed = 'Nguye\u0302\u0303n Thi\u0323 Lan';
    const response = await signup(decomposed);
    expect(response.statusCode).toBe(201);
    expect(response.json().user.displayName).toBe(decomposed.normalize('NFC'));
    const token = response.json<{ token: string }>().token;
    const patch = (displayName: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
        payload: { displayName },
      });
    expect((await patch('\u202eevil')).statusCode).toBe(400);
    expect((await patch('Minh-Anh O’Brien')).json().user.displayName).toBe('Minh-Anh O’Brien');
  });
});
