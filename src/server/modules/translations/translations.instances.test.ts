import { beforeAll, describe, expect, it, vi } from 'vitest';
import { TRANSLATIONS_PER_HOUR } from '../../lib/rate-limits';
import { useTwoInstances } from '../../test/helpers';
import { seedCategories } from '../questions/categories';
import { api, createUser, DAY_MS, RELAXED_LIMITS, type FastUser } from '../questions/questions.test-helpers';
import { useFakeModel, VIETNAMESE } from './translations.test-helpers';

// Two app instances on one database, as behind a load balancer, each with its own pool and caches.
const model = useFakeModel();
const ctx = useTwoInstances({
  ...RELAXED_LIMITS,
  get AI_BASE_URL() {
    return model.url();
  },
  AI_MODEL: 'fake-model',
});
let author: FastUser;
let reader: FastUser;

beforeAll(async () => {
  await seedCategories(ctx.database.db);
  author = await createUser(ctx.database.db, { displayName: 'Lan Author', ageMs: 30 * DAY_MS });
  reader = await createUser(ctx.database.db, { displayName: 'Reader', ageMs: 30 * DAY_MS });
});

const json = { 'content-type': 'application/json' };
const translation = (instance: typeof ctx.one, id: string, headers: Record<string, string> = {}) =>
  api(instance).post(`/api/questions/${id}/translation`, { language: 'en' }, { ...headers, ...json });

describe('translations on two instances', () => {
  it('are made once: the other instance reads the one kept, and a correction on one reaches the other', async () => {
    const question = await api(ctx.one).ask(author.headers, VIETNAMESE);
    const before = model.seen.length;
    const made = await translation(ctx.one, question.id);
    expect(made.json()).toMatchObject({ from: 'vi', title: `[English] ${VIETNAMESE.title}` });
    const kept = await translation(ctx.two, question.id);
    expect(kept.json()).toEqual(made.json());
    expect(model.seen.length - before).toBe(2);

    await vi.waitFor(async () => expect((await api(ctx.two).detail(question.id)).language).toBe('vi'));
    const corrected = await api(ctx.one).send({
      method: 'PUT',
      url: `/api/questions/${question.id}/language`,
      payload: { language: 'en' },
      headers: { ...author.headers, ...json },
    });
    expect(corrected.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await api(ctx.two).detail(question.id)).language).toBe('en'), {
      timeout: 3_000,
      interval: 50,
    });
    // Now in the reader's language: shown as written.
    expect((await translation(ctx.two, question.id)).json()).toMatchObject({
      from: 'en',
      title: VIETNAMESE.title,
    });
  });

  it(`count a reader's ${TRANSLATIONS_PER_HOUR} an hour on both instances together`, async () => {
    const question = await api(ctx.one).ask(author.headers, VIETNAMESE);
    const statuses = new Set<number>();
    for (let i = 0; i < TRANSLATIONS_PER_HOUR; i++)
      statuses.add((await translation(i % 2 ? ctx.two : ctx.one, question.id, reader.headers)).statusCode);
    expect([...statuses]).toEqual([200]);
    expect((await translation(ctx.one, question.id, reader.headers)).statusCode).toBe(429);
    expect((await translation(ctx.two, question.id, reader.headers)).statusCode).toBe(429);
  });
});
