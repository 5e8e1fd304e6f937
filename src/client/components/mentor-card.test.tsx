import '../lib/page-texts';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Mentor } from '../../shared/schemas/mentors';
import { setLanguage } from '../lib/i18n';
import { renderWithApp } from '../test/helpers';
import { MentorCard } from './mentor-card';

const base: Mentor = {
  id: 'a0a0a0a0-0000-4000-8000-000000000002',
  displayName: 'Minh Tran',
  headline: 'Careers adviser',
  expertise: [],
  topics: ['work-career'],
  languages: ['vi', 'en'],
  state: 'VIC',
  city: 'Melbourne',
  answerCount: 3,
  helpfulCount: 0,
  availability: 'open',
  awayUntil: null,
  replyTime: null,
  lastActive: null,
  isDemo: false,
};

describe('MentorCard: reply time and last active', () => {
  afterEach(() => act(() => setLanguage('en')));

  it('says how soon the mentor usually replies and when they were last active', () => {
    const cases: [number, string][] = [
      [40, 'Usually replies within an hour'],
      [61, 'Usually replies within 2 hours'],
      [5 * 60, 'Usually replies within 5 hours'],
      [12 * 60, 'Usually replies within a day'],
      [3 * 24 * 60, 'Usually replies within a few days'],
    ];
    for (const [replyTime, text] of cases) {
      const { unmount } = renderWithApp(<MentorCard mentor={{ ...base, replyTime, lastActive: 'week' }} />);
      expect(screen.getByText(`${text} · Active this week`)).toBeInTheDocument();
      unmount();
    }
  });

  it('says nothing of either when unknown, and reads in Vietnamese', () => {
    const { unmount } = renderWithApp(<MentorCard mentor={base} />);
    expect(screen.queryByText(/Usually replies|Active/)).not.toBeInTheDocument();
    unmount();
    act(() => setLanguage('vi'));
    renderWithApp(<MentorCard mentor={{ ...base, replyTime: 30, lastActive: 'today' }} />);
    expect(screen.getByText('Thường trả lời trong vòng một giờ · Hoạt động hôm nay')).toBeInTheDocument();
  });
});
