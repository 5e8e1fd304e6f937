import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { FakeWebSocket } from '../../test/fake-socket';
import { callsTo, json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../../test/helpers';
import { QuestionPage } from './question-page';

/** A question and a reply written in Vietnamese, read by an English reader. */
const question: QuestionDetail = {
  ...sampleQuestion,
  title: 'Làm sao để xin mã số thuế?',
  content: 'Tôi mới đến Úc.',
  language: 'vi',
  author: { displayName: 'Minh', role: 'student' },
  replyCount: 1,
  replies: [
    {
      id: 'r1',
      content: 'Bạn xin trên trang web của ATO.',
      language: 'vi',
      isAiReply: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      author: { displayName: 'An', role: 'mentor' },
      isOwn: false,
      helpful: false,
    },
  ],
  claim: null,
};

function serve(options: { machineTranslation: boolean; shown?: QuestionDetail }) {
  return stubFetch((url) => {
    if (url === '/api/config') return json(200, { machineTranslation: options.machineTranslation });
    if (url === '/api/questions/q1') return json(200, options.shown ?? question);
    if (url === '/api/questions/q1/translation')
      return json(200, {
        from: 'vi',
        language: 'en',
        title: 'How do I get a tax file number?',
        content: 'I have just arrived in Australia.',
      });
    if (url === '/api/questions/q1/language') return json(200, { language: 'en' });
    return json(200, { unread: 0 });
  });
}

const renderQuestion = (user: User | null) =>
  renderWithApp(
    <Routes>
      <Route path="/questions/:id" element={<QuestionPage />} />
    </Routes>,
    { path: '/questions/q1', user },
  );

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('a post in another language', () => {
  it('is marked with its language, translated on a tap, labelled, and its original one tap away', async () => {
    const fetch = serve({ machineTranslation: true });
    renderQuestion(null);
    const heading = await screen.findByRole('heading', { level: 1, name: question.title });
    expect(heading).toHaveAttribute('lang', 'vi');
    expect(screen.getByText(question.content)).toHaveAttribute('lang', 'vi');
    const card = screen.getByText(question.content).parentElement!;
    expect(within(card).getByText('Written in Vietnamese')).toBeVisible();

    await userEvent.click(await within(card).findByRole('button', { name: 'Translate' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How do I get a tax file number?' }),
    ).toHaveAttribute('lang', 'en');
    expect(screen.getByText('I have just arrived in Australia.')).toHaveAttribute('lang', 'en');
    expect(within(card).getByText('Translated by machine from Vietnamese')).toBeVisible();
    const [, init] = callsTo(fetch, '/api/questions/q1/translation')[0]!;
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ language: 'en' }) });

    await userEvent.click(within(card).getByRole('button', { name: 'Show Original' }));
    expect(screen.getByRole('heading', { level: 1, name: question.title })).toBeVisible();
    expect(within(card).queryByText('Translated by machine from Vietnamese')).toBeNull();
    // Shown again from what came: the server is not asked twice.
    await userEvent.click(within(card).getByRole('button', { name: 'Translate' }));
    expect(screen.getByText('I have just arrived in Australia.')).toBeVisible();
    expect(callsTo(fetch, '/api/questions/q1/translation')).toHaveLength(1);

    // Each reply has its own button.
    const reply = screen.getByText(question.replies[0]!.content).closest('li')!;
    expect(within(reply).getByRole('button', { name: 'Translate' })).toBeVisible();
  });

  it('offers no translation where the site has no model, and says which language it is in', async () => {
    serve({ machineTranslation: false });
    renderQuestion(null);
    await screen.findByRole('heading', { level: 1, name: question.title });
    expect(screen.getAllByText('Written in Vietnamese')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it('lets its author correct the language it is written in', async () => {
    const fetch = serve({ machineTranslation: true, shown: { ...question, isOwn: true, replies: [] } });
    renderQuestion(sampleUser);
    const select = await screen.findByLabelText('Language it is written in');
    expect(select).toHaveValue('vi');
    await userEvent.selectOptions(select, 'en');
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Language saved'));
    const [, init] = callsTo(fetch, '/api/questions/q1/language')[0]!;
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ language: 'en' }) });
  });
});
