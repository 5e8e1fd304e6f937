import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { QuestionClaim, QuestionDetail } from '../../../shared/schemas/questions';
import { FakeWebSocket } from '../../test/fake-socket';
import { callsTo, json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../../test/helpers';
import { QuestionPage } from './question-page';

const mentor: User = { ...sampleUser, id: 'm1', role: 'mentor', mentorVerified: true };
const EXPIRES = '2026-01-01T00:30:00.000Z';

function serve(user: User, claim: QuestionClaim) {
  const question: QuestionDetail = { ...sampleQuestion, replies: [], claim };
  return stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user });
    if (url === '/api/questions/q1') return json(200, question);
    if (url === '/api/questions/q1/claim' && body === undefined)
      return json(200, { claim: { mine: true, expiresAt: EXPIRES } });
    return json(200, { unread: 0 });
  });
}

const renderQuestion = (user: User) =>
  renderWithApp(
    <Routes>
      <Route path="/questions/:id" element={<QuestionPage />} />
    </Routes>,
    { path: '/questions/q1', user },
  );

describe('question page: a mentor answering', () => {
  beforeEach(() => vi.stubGlobal('WebSocket', FakeWebSocket));
  afterEach(() => vi.unstubAllGlobals());

  it('lets a verified mentor take the question, then release it', async () => {
    const fetch = serve(mentor, null);
    const user = userEvent.setup();
    renderQuestion(mentor);
    await user.click(await screen.findByRole('button', { name: 'I’m Answering This' }));
    expect(await screen.findByText('You are answering this')).toBeInTheDocument();
    expect(callsTo(fetch, '/api/questions/q1/claim')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Release' }));
    expect(await screen.findByRole('button', { name: 'I’m Answering This' })).toBeInTheDocument();
  });

  it('tells everyone else that a mentor is answering, without a button', async () => {
    serve(sampleUser, { mine: false, expiresAt: EXPIRES });
    renderQuestion(sampleUser);
    expect(await screen.findByText('A mentor is answering this')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I’m Answering This' })).toBeNull();
  });

  it('offers nothing to a student when no mentor is answering', async () => {
    serve(sampleUser, null);
    renderQuestion(sampleUser);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I’m Answering This' })).toBeNull();
    expect(screen.queryByText('A mentor is answering this')).toBeNull();
  });
});
