import { describe, expect, it } from 'vitest';
import { notificationHref } from './notifications';

describe('where a notification leads', () => {
  it('opens the question, the chat, the profile or the admins’ report queue', () => {
    const id = '0b6f7c1e-2a8e-4a43-9d3c-6f7e9b1d2c3a';
    expect(notificationHref({ kind: 'question', id, title: 'Tax file number' })).toBe(`/questions/${id}`);
    expect(notificationHref({ kind: 'conversation', id, title: 'First job' })).toBe(`/chat?c=${id}`);
    expect(notificationHref({ kind: 'profile', id: null, title: 'Your mentor application' })).toBe(
      '/profile',
    );
    expect(notificationHref({ kind: 'reports', id: null, title: 'Reports' })).toBe('/admin?tab=reports');
  });
});

describe('a reply’s notification', () => {
  it('opens its question at the reply', () => {
    const id = '0b6f7c1e-2a8e-4a43-9d3c-6f7e9b1d2c3a';
    const replyId = '5d1c9a40-7b3e-4f0e-8a52-1e6c2b9d7f11';
    expect(notificationHref({ kind: 'question', id, title: 'Tax file number', replyId })).toBe(
      `/questions/${id}#reply-${replyId}`,
    );
  });
});
