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
