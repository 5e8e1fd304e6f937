import { WAITING_TOTAL_CAP } from '../../../shared/limits';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import type { User } from '../../../shared/schemas/auth';
import type { WaitingQuestion } from '../../../shared/schemas/mentoring';
import { callsTo, json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { WaitingPage } from './waiting-page';

const mentor: User = { ...sampleUser, id: 'm1', displayName: 'Minh', role: 'mentor', mentorVerified: true };

function item(id: string, patch: Partial<WaitingQuestion> = {}): WaitingQuestion {
  return {
    id,
    title: `Question ${id}`,
    excerpt: 'Some details.',
    categorySlug: 'work-career',
    language: 'en',
    isUrgent: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    matches: true,
    waitingSeconds: 3 * 3600 + 20,
    claim: null,
    ...patch,
  };
}

const first = [
  item('q1', { isUrgent: true, title: 'Help, I lost my passport' }),
  item('q2', {
    waitingSeconds: 2 * 86400 + 5,
    claim: { mine: false, expiresAt: '2026-01-01T00:30:00.000Z' },
  }),
  item('q3', {
    claim: { mine: true, expiresAt: '2026-01-01T00:30:00.000Z' },
    categorySlug: null,
    language: 'vi',
  }),
];

function serve(pages: { questions: WaitingQuestion[]; total: number } = { questions: first, total: 4 }) {
  return stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user: mentor });
    if (url === '/api/mentor/waiting')
      return json(200, { ...pages, nextCursor: pages.questions.length ? 'c1' : null });
    if (url === '/api/mentor/waiting?cursor=c1')
      return json(200, { questions: [item('q4', { matches: false })], nextCursor: null, total: 4 });
    if (url === '/api/questions/q4/claim' && body === undefined)
      return json(200, { claim: { mine: true, expiresAt: '2026-01-01T00:30:00.000Z' } });
    if (url === '/api/questions/q3/claim') return new Response(null, { status: 204 });
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
}

function renderPage(user: User = mentor) {
  return renderWithApp(
    <Routes>
      <Route path="/mentor" element={<WaitingPage />} />
    </Routes>,
    { path: '/mentor', user },
  );
}

describe('/mentor', () => {
  it('lists the waiting questions with their SOS badge, topic, language, wait and claim', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Waiting for you' })).toBeInTheDocument();
    expect(await screen.findByText('4 questions are waiting')).toBeInTheDocument();
    const [sos, claimed, mine] = screen.getAllByRole('listitem');
    expect(within(sos!).getByText('SOS')).toBeInTheDocument();
    expect(within(sos!).getByRole('link', { name: 'Help, I lost my passport' })).toHaveAttribute(
      'href',
      '/questions/q1',
    );
    expect(within(sos!).getByText('Waiting 3 hours')).toBeInTheDocument();
    expect(within(sos!).getByText('Work & Career')).toBeInTheDocument();
    expect(within(sos!).getByRole('button', { name: 'I’m Answering This' })).toHaveAccessibleDescription(
      'Help, I lost my passport',
    );
    expect(within(claimed!).getByText('Waiting 2 days')).toBeInTheDocument();
    expect(within(claimed!).getByText('A mentor is answering this')).toBeInTheDocument();
    expect(within(claimed!).queryByRole('button')).toBeNull();
    expect(within(mine!).getByText('You are answering this')).toBeInTheDocument();
    expect(within(mine!).getByText('Vietnamese')).toBeInTheDocument();
    expect(within(mine!).getByText('No topic')).toBeInTheDocument();
  });

  it('shows more, takes a question and releases one', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Show More' }));
    const last = (await screen.findByRole('link', { name: 'Question q4' })).closest('li')!;
    expect(screen.queryByRole('button', { name: 'Show More' })).toBeNull();
    await user.click(within(last).getByRole('button', { name: 'I’m Answering This' }));
    expect(await within(last).findByText('You are answering this')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/questions/q4/claim')).toHaveLength(1);

    const mine = screen.getByRole('link', { name: 'Question q3' }).closest('li')!;
    await user.click(within(mine).getByRole('button', { name: 'Release' }));
    expect(await within(mine).findByRole('button', { name: 'I’m Answering This' })).toBeInTheDocument();
  });

  it('counts a large backlog only so far', async () => {
    serve({ questions: first, total: WAITING_TOTAL_CAP });
    renderPage();
    expect(await screen.findByText('1,000 or more questions are waiting')).toBeInTheDocument();
  });

  it('says when nothing waits, and when the list could not load', async () => {
    serve({ questions: [], total: 0 });
    const { unmount } = renderPage();
    expect(await screen.findByText('Nothing is waiting right now')).toBeInTheDocument();
    unmount();
    stubFetch((url) =>
      url === '/api/auth/me'
        ? json(200, { user: mentor })
        : json(500, { error: 'Something went wrong.', code: 'INTERNAL' }),
    );
    renderPage();
    expect(await screen.findByText('The waiting questions could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('explains itself to members who are not verified mentors', async () => {
    const fetch = serve();
    renderPage(sampleUser);
    expect(
      await screen.findByRole('heading', { name: 'This page is for verified mentors' }),
    ).toBeInTheDocument();
    expect(callsTo(fetch, '/api/mentor/waiting')).toHaveLength(0);
  });
});
