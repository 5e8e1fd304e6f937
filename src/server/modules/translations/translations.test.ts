import { describe, expect, it } from 'vitest';
import { translate } from '../../../shared/i18n';
import { TRANSLATIONS_PER_HOUR } from '../../lib/rate-limits';
import { createUser, useQuestionsApp } from '../questions/questions.test-helpers';
import { useFakeModel, VIETNAMESE } from './translations.test-helpers';

const model = useFakeModel();
const { seen } = model;

const json = { 'content-type': 'application/json' };

describe('posts across languages, with a model', () => {
  const { t, a, alice, bob } = useQuestionsApp({
    get AI_BASE_URL() {
      return model.url();
    },
    AI_MODEL: 'fake-model',
  });
  const translation = (path: string, body?: object, headers: Record<string, string> = {}) =>
    a().post(path, body, body ? { ...headers, ...json } : headers);

  it('records the language each question and reply is written in, diacritics or not', async () => {
    const question = await a().ask(alice.headers, VIETNAMESE);
    expect(question.language).toBe('vi');
    await a().reply(bob.headers, question.id, '你可以在 ATO 网站上申请税号。');
    const detail = await a().reply(alice.headers, question.id, 'Thank you, I will apply on the ATO website.');
    expect(detail.replies.map((reply) => reply.language)).toEqual(['zh-Hans', 'en']);
    const feed = await a().list({ sort: 'latest' });
    expect(feed.questions.find((q) => q.id === question.id)?.language).toBe('vi');
    const config = await a().get('/api/config');
    expect(config.json()).toMatchObject({ machineTranslation: true });
  });

  it('translates a question into the reader’s language once, labelled with the language it is from', async () => {
    const question = await a().ask(alice.headers, VIETNAMESE);
    const before = seen.length;
    const first = await translation(`/api/questions/${question.id}/translation`, undefined, {
      'accept-language': 'en-AU,en;q=0.9',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      from: 'vi',
      language: 'en',
      title: `[English] ${VIETNAMESE.title}`,
      content: `[English] ${VIETNAMESE.content}`,
    });
    expect(seen.length - before).toBe(2);
    const system = seen.at(-1)!.messages[0]!.content;
    expect(system).toContain('from Vietnamese into English');
    expect(system).toContain('reply with the translation only');

    // Kept: another reader gets the same translation, and the model is not asked again.
    const again = await translation(
      `/api/questions/${question.id}/translation`,
      { language: 'en' },
      bob.headers,
    );
    expect(again.json()).toEqual(first.json());
    expect(seen.length - before).toBe(2);

    // Into Nepali, asked in the body.
    const nepali = await translation(`/api/questions/${question.id}/translation`, { language: 'ne' });
    expect(nepali.json()).toMatchObject({
      from: 'vi',
      language: 'ne',
      title: `[Nepali] ${VIETNAMESE.title}`,
    });
  });

  it('gives a post in the reader’s own language as written, without asking the model', async () => {
    const question = await a().ask(alice.headers, { title: 'Where do I get a tax file number?' });
    const detail = await a().reply(bob.headers, question.id, 'Apply on the ATO website, it is free.');
    const before = seen.length;
    const response = await translation(`/api/replies/${detail.replies[0]!.id}/translation`, {
      language: 'en',
    });
    expect(response.json()).toEqual({
      from: 'en',
      language: 'en',
      title: null,
      content: 'Apply on the ATO website, it is free.',
    });
    expect(seen.length).toBe(before);
  });

  it('says so when the model fails, keeps nothing, and refuses what is not a post or a language', async () => {
    const question = await a().ask(alice.headers, {
      title: 'Toi bi FAIL mon hoc',
      content: 'Toi phai lam gi bay gio?',
    });
    const failed = await translation(`/api/questions/${question.id}/translation`, { language: 'en' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toBe(translate('en', 'errors.translationFailed'));
    const vietnamese = await translation(`/api/questions/${question.id}/translation?lang=vi`, {
      language: 'en',
    });
    expect(vietnamese.json().error).toBe(translate('vi', 'errors.translationFailed'));
    const rows = await t.db.query.postTranslations.findMany();
    expect(rows.some((row) => row.questionId === question.id)).toBe(false);

    const missing = await translation('/api/replies/00000000-0000-4000-8000-000000000000/translation', {});
    expect(missing.statusCode).toBe(404);
    expect((await translation('/api/questions/not-an-id/translation', {})).statusCode).toBe(400);
    const badLanguage = await translation(`/api/questions/${question.id}/translation`, { language: 'fr' });
    expect(badLanguage.statusCode).toBe(400);
    expect(badLanguage.json().error).toBe(translate('en', 'validation.languageInvalid'));
  });

  it(`limits each reader to ${TRANSLATIONS_PER_HOUR} translations an hour`, async () => {
    const question = await a().ask(alice.headers, VIETNAMESE);
    const path = `/api/questions/${question.id}/translation`;
    const reader = await createUser(t.db, { displayName: 'Carol Le' });
    const statuses = new Set<number>();
    for (let i = 0; i < TRANSLATIONS_PER_HOUR; i++)
      statuses.add((await translation(path, { language: 'en' }, reader.headers)).statusCode);
    expect([...statuses]).toEqual([200]);
    const refused = await translation(path, { language: 'en' }, reader.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/many translations/);
    // Another reader is not limited by Carol's requests.
    expect((await translation(path, { language: 'en' }, alice.headers)).statusCode).toBe(200);
  });

  it('lets the author correct a post’s language, and makes its translations again', async () => {
    const question = await a().ask(alice.headers, {
      title: 'Hoc bong',
      content: 'Co hoc bong nao cho sinh vien?',
    });
    await translation(`/api/questions/${question.id}/translation`, { language: 'en' });
    const path = `/api/questions/${question.id}/language`;
    const put = (body: object, headers: Record<string, string>) =>
      a().send({ method: 'PUT', url: path, payload: body, headers: { ...headers, ...json } });

    expect((await put({ language: 'en' }, bob.headers)).statusCode).toBe(403);
    expect((await put({ language: 'en' }, {})).statusCode).toBe(401);
    expect((await put({ language: 'xx' }, alice.headers)).statusCode).toBe(400);
    const changed = await put({ language: 'en' }, alice.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ language: 'en' });
    expect((await a().detail(question.id)).language).toBe('en');
    const rows = await t.db.query.postTranslations.findMany();
    expect(rows.some((row) => row.questionId === question.id)).toBe(false);

    const detail = await a().reply(bob.headers, question.id, 'Xem trang web cua truong ban.');
    const reply = detail.replies.at(-1)!;
    expect(reply.language).toBe('vi');
    const replyPut = await a().send({
      method: 'PUT',
      url: `/api/replies/${reply.id}/language`,
      payload: { language: 'en' },
      headers: { ...alice.headers, ...json },
    });
    expect(replyPut.statusCode).toBe(403);
  });
});

describe('posts across languages, without a model', () => {
  const { a, alice } = useQuestionsApp();

  it('offers no translation: the config says so and the route answers 503', async () => {
    expect((await a().get('/api/config')).json()).toMatchObject({ machineTranslation: false });
    const question = await a().ask(alice.headers, VIETNAMESE);
    const response = await a().post(`/api/questions/${question.id}/translation`, { language: 'en' }, json);
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(translate('en', 'errors.translationUnavailable'));
  });
});
