import { beforeAll, describe, expect, it } from 'vitest';
import { replies, serviceNotices } from '../../db/schema';
import { useTestApp } from '../../test/helpers';
import { seedCategories } from '../questions/categories';
import {
  createUser,
  insertQuestions,
  RELAXED_LIMITS,
  type FastUser,
} from '../questions/questions.test-helpers';
import { readWeek, writeNewsletter } from './newsletter';

const t = useTestApp(RELAXED_LIMITS);
/** A known week: Monday 23 November 2026, 9 am in Sydney. */
const NOW = new Date('2026-11-22T22:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

let asker: FastUser;
let mentor: FastUser;
let student: FastUser;
let content = '';

beforeAll(async () => {
  await seedCategories(t.db);
  asker = await createUser(t.db, { displayName: 'Asker' });
  mentor = await createUser(t.db, { displayName: 'Minh Mentor', role: 'mentor' });
  student = await createUser(t.db, { displayName: 'Lan Student' });
  const [popular, quiet, sos, old, future] = await insertQuestions(t.db, [
    {
      authorId: asker.id,
      title: 'How do I find a rental near campus?',
      upvotes: 9,
      replyCount: 2,
      createdAt: daysAgo(2),
    },
    {
      authorId: asker.id,
      title: 'Where can I get a tax file number?',
      upvotes: 1,
      replyCount: 1,
      createdAt: daysAgo(3),
    },
    { authorId: asker.id, title: 'My landlord kept my bond', isUrgent: true, createdAt: daysAgo(1) },
    { authorId: asker.id, title: 'A question from last month', upvotes: 50, createdAt: daysAgo(20) },
    {
      authorId: asker.id,
      title: 'Asked after the digest was made',
      createdAt: new Date(NOW.getTime() + 60_000),
    },
  ]);
  void old;
  void future;
  await t.db.insert(replies).values([
    {
      questionId: popular!.id,
      authorId: student.id,
      content: 'Try the uni housing office.',
      createdAt: daysAgo(1.5),
    },
    {
      questionId: popular!.id,
      authorId: mentor.id,
      content:
        'Start with Flatmates and your university housing service.\nInspect before you pay.\n\nThird line.\nFourth line is left out.',
      createdAt: daysAgo(1),
    },
    { questionId: quiet!.id, authorId: null, isAiReply: true, content: 'Chloe: apply on the ATO website.' },
    // The asker's own reply is not an answer.
    { questionId: sos!.id, authorId: asker.id, content: 'Adding details: it was $2,000.' },
  ]);
  await t.db.insert(serviceNotices).values([
    { serviceId: 'immiaccount', note: 'Planned maintenance on Saturday night', updatedAt: daysAgo(1) },
    { serviceId: 'mygov', note: 'An old notice', updatedAt: daysAgo(30) },
  ]);
  content = writeNewsletter(await readWeek(t.db, NOW), 'https://mentorme.example/');
});

describe('the weekly newsletter', () => {
  it('lists the week’s most engaged questions with the first lines of a mentor’s answer, in English', () => {
    const english = content.slice(0, content.indexOf('Bản tin'));
    expect(english).toContain('Mentor Me weekly digest, 16 November 2026 to 23 November 2026');
    const popular = english.indexOf('1. How do I find a rental near campus?');
    expect(popular).toBeGreaterThan(-1);
    expect(english.indexOf('2. Where can I get a tax file number?')).toBeGreaterThan(popular);
    expect(english).toContain('9 likes, 2 replies');
    expect(english).toContain(
      'Answer from Minh Mentor: Start with Flatmates and your university housing service. Inspect before you pay. Third line.',
    );
    expect(english).not.toContain('Fourth line');
    expect(english).toContain('Read it: https://mentorme.example/questions/');
    expect(english).not.toContain('A question from last month');
    expect(english).not.toContain('Asked after the digest was made');
  });

  it('lists the questions no person has answered (Chloe’s and the asker’s own replies do not count), SOS first', () => {
    const english = content.slice(0, content.indexOf('Bản tin'));
    const waiting = english.slice(english.indexOf('Questions waiting for a mentor'));
    expect(waiting).toMatch(/1\. SOS: My landlord kept my bond\n.*\n2\. Where can I get a tax file number\?/);
    expect(waiting).not.toContain('rental near campus');
  });

  it('lists the week’s notices on government services with their addresses', () => {
    expect(content).toContain(
      '- ImmiAccount: Planned maintenance on Saturday night\n  https://online.immi.gov.au/lusc/login',
    );
    expect(content).not.toContain('An old notice');
  });

  it('says it all again in Vietnamese, with the same links', () => {
    const vietnamese = content.slice(content.indexOf('Bản tin'));
    expect(vietnamese).toContain(
      'Bản tin hằng tuần của Mentor Me, từ 16 tháng 11, 2026 đến 23 tháng 11, 2026',
    );
    expect(vietnamese).toContain('Các câu hỏi sôi nổi nhất tuần này');
    expect(vietnamese).toContain('9 lượt thích, 2 câu trả lời');
    expect(vietnamese).toContain('Câu trả lời của Minh Mentor: Start with Flatmates');
    expect(vietnamese).toContain('Các câu hỏi đang chờ người hướng dẫn');
    expect(vietnamese).toContain('Đọc tại: https://mentorme.example/questions/');
    expect(vietnamese).toContain('không phải là đại lý di trú');
  });

  it('says when a section is empty', async () => {
    const empty = writeNewsletter(await readWeek(t.db, daysAgo(100)), 'https://mentorme.example');
    expect(empty).toContain('No new questions this week.');
    expect(empty).toContain('Every question this week has an answer from a person.');
    expect(empty).toContain('No new notices this week.');
    expect(empty).toContain('Tuần này chưa có câu hỏi mới.');
  });
});
