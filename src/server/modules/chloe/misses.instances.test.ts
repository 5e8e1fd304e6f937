import { beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent, ChloeMissesPage } from '../../../shared/schemas/ai';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { bearer, userWithRole, useTwoInstances, type SignedUp } from '../../test/helpers';
import { readEvents } from './chloe.test-helpers';

const t = useTwoInstances();
let admin: SignedUp;
const articles = loadKnowledge();
const sourceOf = (id: string) => articles.find((article) => article.id === id)!.sources[0]!.url;

beforeAll(async () => {
  await syncKnowledge(t.database.db, articles);
  admin = await userWithRole(t.one, t.database.db, 'admin');
});

/** Chloe's sources for a message, asked of one instance over HTTP. */
async function sources(base: string, message: string) {
  const response = await fetch(`${base}/api/ai/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  const done = (await readEvents(response)).events.find(
    (event): event is Extract<ChatEvent, { type: 'done' }> => event.type === 'done',
  )!;
  return { urls: (done.sources ?? []).map((source) => source.url), nothingFound: done.nothingFound };
}

describe('a miss attached on one instance', () => {
  it('changes the next answer to the same question on every instance, at once', async () => {
    const question = 'Where can I get a police check for a volunteering role?';
    const target = 'finding-work';
    // Each instance has built its indexes without the question, and has nothing on it: it joins the misses.
    for (const base of [t.baseOne, t.baseTwo])
      expect((await sources(base, question)).nothingFound).toBe(true);
    const listed = await t.one.inject({
      method: 'GET',
      url: '/api/admin/chloe/misses',
      headers: bearer(admin.token),
    });
    const miss = listed.json<ChloeMissesPage>().misses.find((item) => item.question === question)!;
    expect(miss).toMatchObject({ kind: 'nothing', count: 2 });

    const attach = await t.one.inject({
      method: 'POST',
      url: `/api/admin/chloe/misses/${miss.id}/attach`,
      headers: bearer(admin.token),
      payload: { articleId: target },
    });
    expect(attach.statusCode).toBe(204);

    // The event reaches the other instance in milliseconds; its index's own check comes only once a minute.
    const deadline = Date.now() + 5_000;
    let urls: string[] = [];
    while (Date.now() < deadline) {
      urls = (await sources(t.baseTwo, question)).urls;
      if (urls[0] === sourceOf(target)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(urls[0]).toBe(sourceOf(target));
    expect((await sources(t.baseOne, question)).urls[0]).toBe(sourceOf(target));
    // Typed again with other capitals and punctuation, it is the same question.
    expect((await sources(t.baseTwo, 'where can i get a POLICE CHECK for a volunteering role')).urls[0]).toBe(
      sourceOf(target),
    );
  });
});
