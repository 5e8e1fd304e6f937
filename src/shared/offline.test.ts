import { describe, expect, it } from 'vitest';
import { isSavedAnswer } from './offline';

describe('the answers kept for reading offline', () => {
  it.each([
    '/api/config',
    '/api/categories',
    '/api/founders',
    '/api/stats/community',
    '/api/questions',
    '/api/questions/3f1c2d4e-0000-4000-8000-000000000000',
    '/api/resources',
    '/api/government/resources',
    '/api/government/status',
    '/api/government/local/3000',
  ])('keeps the reading route %s', (path) => {
    expect(isSavedAnswer(path)).toBe(true);
  });

  it.each([
    '/api/auth/me',
    '/api/me/bookmarks',
    '/api/me/export',
    '/api/chats',
    '/api/ai/chat',
    '/api/admin/reports',
    '/api/questions/abc/voice-note',
    '/api/events',
    '/api/docs',
    '/faq',
    '/api/questions/',
  ])('never keeps %s', (path) => {
    expect(isSavedAnswer(path)).toBe(false);
  });
});
