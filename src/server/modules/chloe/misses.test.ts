import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChloeMissesPage } from '../../../shared/schemas/ai';
import { auditLog, chloeMisses, knowledgeQuestions } from '../../db/schema';
import { loadKnowledge, syncKnowledge } from '../../db/seed/knowledge';
import { bearer, useTestApp, userWithRole, type SignedUp } from '../../test/helpers';
import { projectPath } from '../../paths';
import { exportQuestions } from './export-questions';
import { maskPersonal, pruneMisses, recordMiss } from './misses';

const t = useTestApp();
let admin: SignedUp;
let student: SignedUp;
let address = 0;
/** Each request from its own address, so that no test meets the per-address limit. */
const from = () => `198.51.100.${(address += 1)}`;

beforeAll(async () => {
  await syncKnowledge(t.db, loadKnowledge());
  admin = await userWithRole(t.app, t.db, 'admin');
  student = await userWithRole(t.app, t.db, 'student');
});

const list = async (query = '', who = admin) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/admin/chloe/misses${query}`,
    headers: bearer(who.token),
  });
  expect(response.statusCode).toBe(200);
  return response.json<ChloeMissesPage>();
};
const decide = (id: string, action: string, payload?: object, who = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/chloe/misses/${id}/${action}`,
    headers: bearer(who.token),
    payload,
  });
const rowOf = async (question: string) =>
  (await t.db.select().from(chloeMisses).where(eq(chloeMisses.question, question)))[0];

describe('what a miss keeps', () => {
  it('masks email addresses and phone numbers, and keeps short numbers', () => {
    expect(maskPersonal('Email me at lan.nguyen+visa@gmail.com or call 0412 345 678 please')).toBe(
      'Email me at [email] or call [phone] please',
    );
    expect(maskPersonal('số của em là +61 (4) 1234-5678 ạ')).toBe('số của em là [phone] ạ');
    expect(maskPersonal('I called 000 and 131 450 from 3000 on 48 hours')).toBe(
      'I called 000 and 131 450 from 3000 on 48 hours',
    );
  });

  it('counts a question asked again on one row, whatever its capitals and punctuation', async () => {
    await recordMiss(t.db, { question: 'Where can I buy a surfboard?', locale: 'en', kind: 'nothing' });
    await recordMiss(t.db, { question: 'where can i buy a SURFBOARD', locale: 'en', kind: 'nothing' });
    const row = await rowOf('Where can I buy a surfboard?');
    expect(row).toMatchObject({ count: 2, kind: 'nothing', status: 'open', locale: 'en' });
    // Another kind is another row.
    await recordMiss(t.db, { question: 'Where can I buy a surfboard?', locale: 'en', kind: 'thumbs-down' });
    const rows = await t.db
      .select()
      .from(chloeMisses)
      .where(eq(chloeMisses.question, 'Where can I buy a surfboard?'));
    expect(rows).toHaveLength(2);
  });

  it('is deleted 90 days after it first came', async () => {
    await recordMiss(t.db, { question: 'An old question about kites', locale: 'en', kind: 'nothing' });
    await t.db.execute(
      sql`update chloe_misses set created_at = now() - interval '91 days' where question = 'An old question about kites'`,
    );
    await pruneMisses(t.db);
    expect(await rowOf('An old question about kites')).toBeUndefined();
    expect(await rowOf('Where can I buy a surfboard?')).toBeDefined();
  });
});

describe('how misses come', () => {
  it('a thumbs down brings its question, masked, and no account', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai/feedback',
      headers: bearer(student.token),
      remoteAddress: from(),
      payload: {
        rating: 'down',
        sources: [],
        locale: 'en',
        question: 'Can my boss pay me $10 an hour? me@x.com',
      },
    });
    expect(response.statusCode).toBe(201);
    const row = await rowOf('Can my boss pay me $10 an hour? [email]');
    expect(row).toMatchObject({ kind: 'thumbs-down', locale: 'en', count: 1 });
    expect(Object.keys(row!)).not.toContain('userId');
  });

  it('a thumbs up brings none', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/ai/feedback',
      remoteAddress: from(),
      payload: { rating: 'up', sources: [], locale: 'en', question: 'A question that was answered well' },
    });
    expect(await rowOf('A question that was answered well')).toBeUndefined();
  });

  it('a question taken to the community comes from the page, in its own language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ai/misses',
      remoteAddress: from(),
      headers: { 'accept-language': 'en' },
      payload: { question: 'Làm sao để đăng ký xe máy ở Úc?', kind: 'asked-community' },
    });
    expect(response.statusCode).toBe(204);
    expect(await rowOf('Làm sao để đăng ký xe máy ở Úc?')).toMatchObject({
      kind: 'asked-community',
      locale: 'vi',
    });
  });

  it('refuses another kind, an empty question and one too long, with the reason in the caller’s language', async () => {
    for (const [payload, message] of [
      [{ question: 'x', kind: 'nothing' }, 'Invalid input data'],
      [{ question: '   ', kind: 'asked-community' }, 'Please write a message.'],
      [
        { question: 'x'.repeat(2001), kind: 'asked-community' },
        'A message must be at most 2,000 characters.',
      ],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ai/misses',
        remoteAddress: from(),
        headers: { 'accept-language': 'en' },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});

describe('the admins’ queue', () => {
  it('refuses a status it does not know', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/chloe/misses?status=nonsense',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const headers of [{}, bearer(student.token)]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/chloe/misses', headers });
      expect([401, 403]).toContain(response.statusCode);
    }
    const [miss] = (await list()).misses;
    expect((await decide(miss!.id, 'dismiss', {}, student)).statusCode).toBe(403);
  });

  it('lists open misses newest first with the spec’s fields, and the articles by their titles', async () => {
    const page = await list();
    expect(page.misses.length).toBeGreaterThan(2);
    expect(Object.keys(page.misses[0]!).sort()).toEqual(
      ['articleId', 'count', 'createdAt', 'id', 'kind', 'locale', 'question', 'status'].sort(),
    );
    const times = page.misses.map((miss) => miss.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page.articles.find((article) => article.id === 'tax-file-number')?.title).toBe(
      'Tax file number (TFN)',
    );
  });

  it('attaches a miss to an article: the question joins the article’s, audited, and leaves the open list', async () => {
    await recordMiss(t.db, { question: 'Do I pay tax on my first job?', locale: 'en', kind: 'nothing' });
    const miss = (await list()).misses.find((item) => item.question === 'Do I pay tax on my first job?')!;
    expect((await decide(miss.id, 'attach', { articleId: 'no-such-article' })).statusCode).toBe(400);
    expect((await decide(miss.id, 'attach', {})).statusCode).toBe(400);
    const response = await decide(miss.id, 'attach', { articleId: 'tax-file-number' });
    expect(response.statusCode).toBe(204);
    const added = await t.db
      .select()
      .from(knowledgeQuestions)
      .where(eq(knowledgeQuestions.question, 'Do I pay tax on my first job?'));
    expect(added).toMatchObject([{ articleId: 'tax-file-number', locale: 'en', addedBy: admin.user.id }]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, miss.id));
    expect(audit).toMatchObject({ action: 'chloe-miss.attach', detail: 'tax-file-number' });
    expect((await list()).misses.some((item) => item.id === miss.id)).toBe(false);
    expect((await list('?status=attached')).misses[0]).toMatchObject({
      id: miss.id,
      articleId: 'tax-file-number',
    });
  });

  it('marks a miss as needing an article (the content team’s list), or dismisses it', async () => {
    await recordMiss(t.db, { question: 'How do I adopt a dog in Perth?', locale: 'en', kind: 'nothing' });
    await recordMiss(t.db, { question: 'Best pho in Sydney?', locale: 'en', kind: 'nothing' });
    const open = (await list()).misses;
    const dog = open.find((item) => item.question === 'How do I adopt a dog in Perth?')!;
    const pho = open.find((item) => item.question === 'Best pho in Sydney?')!;
    expect((await decide(dog.id, 'needs-article')).statusCode).toBe(204);
    expect((await decide(pho.id, 'dismiss')).statusCode).toBe(204);
    expect((await list('?status=needs-article')).misses.map((item) => item.id)).toContain(dog.id);
    expect((await list('?status=dismissed')).misses.map((item) => item.id)).toContain(pho.id);
    const actions = (await t.db.select().from(auditLog)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['chloe-miss.needs-article', 'chloe-miss.dismiss']));
    expect((await decide('00000000-0000-4000-8000-000000000000', 'dismiss')).statusCode).toBe(404);
    expect((await decide('not-an-id', 'dismiss')).statusCode).toBe(400);
  });
});

describe('npm run content -- export-questions', () => {
  it('writes the attached questions into the articles’ files, once, after their own', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'knowledge-'));
    const file = path.join(dir, 'tax-file-number.json');
    copyFileSync(projectPath('content/knowledge/tax-file-number.json')!, file);
    const before = JSON.parse(readFileSync(file, 'utf8'));
    // The question attached above, and one typed again with other capitals.
    await t.db.insert(knowledgeQuestions).values({
      articleId: 'tax-file-number',
      locale: 'en',
      question: 'do i pay TAX on my first job',
    });
    const formatted: string[] = [];
    const format = async (text: string) => (formatted.push(text), text);
    expect(await exportQuestions(t.db, dir, format)).toEqual([{ file, added: { en: 1 } }]);
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect(after.questions.en).toEqual([...before.questions.en, 'Do I pay tax on my first job?']);
    expect(after.questions.vi).toEqual(before.questions.vi);
    expect({ ...after, questions: before.questions }).toEqual(before);
    expect(formatted).toHaveLength(1);
    // Run again: nothing new.
    expect(await exportQuestions(t.db, dir, format)).toEqual([]);
  });
});
