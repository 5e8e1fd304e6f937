import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../../test/helpers';
import { QuestionPage } from './question-page';

const question: QuestionDetail = {
  ...sampleQuestion,
  upvotes: 0,
  replyCount: 1,
  author: { displayName: 'Minh', role: 'student' },
  replies: [
    {
      id: 'r1',
      content: 'Apply on the ATO website.',
      isAiReply: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      author: { displayName: 'An', role: 'mentor' },
      isOwn: false,
    },
  ],
};

/** The question and the signed-in member; `write` answers every POST. */
function serve(write: (url: string, body: unknown) => Response) {
  return stubFetch((url, body) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/questions/q1') return json(200, question);
    return write(url, body);
  });
}

function renderQuestion(user: User | null) {
  return renderWithApp(
    <Routes>
      <Route path="/questions/:id" element={<QuestionPage />} />
    </Routes>,
    { path: '/questions/q1', user },
  );
}

const posts = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([url, init]) => [String(url), JSON.parse(String(init!.body)) as unknown]);

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

describe('question page: replies', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a visitor to sign in instead of showing the form', async () => {
    serve(() => json(404, {}));
    renderQuestion(null);
    expect(await screen.findByRole('button', { name: 'Sign in to reply' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Your reply')).not.toBeInTheDocument();
  });

  it('posts the trimmed reply, says so and empties the form', async () => {
    const fetch = serve(() => json(201, { ok: true }));
    renderQuestion(sampleUser);
    await userEvent.type(await screen.findByLabelText('Your reply'), '  Try myGov first.  ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Reply' }));

    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Reply posted!'));
    expect(posts(fetch)).toEqual([['/api/questions/q1/replies', { content: 'Try myGov first.' }]]);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });

  it('checks the reply with the shared schema before sending it', async () => {
    const fetch = serve(() => json(201, { ok: true }));
    renderQuestion(sampleUser);
    await userEvent.type(await screen.findByLabelText('Your reply'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Post Reply' }));

    expect(screen.getByTestId('toast')).toHaveTextContent('Failed to post reply / Please write a reply.');
    expect(posts(fetch)).toEqual([]);
  });
});

describe('question page: reports', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function reportFirstReply() {
    const reply = (await screen.findByText('Apply on the ATO website.')).closest('li')!;
    await userEvent.click(within(reply).getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this content' });
    await userEvent.click(within(dialog).getByLabelText('Misleading advice'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    return dialog;
  }

  it('sends the reason for the reply, thanks the person and closes the dialog', async () => {
    const fetch = serve(() => json(201, { ok: true }));
    renderQuestion(sampleUser);
    const dialog = await reportFirstReply();

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('Thank you. Our moderators will review it.'),
    );
    expect(posts(fetch)).toEqual([['/api/replies/r1/report', { reason: 'misleading' }]]);
    expect(dialog).not.toHaveAttribute('open');
  });

  it("keeps the dialog open with the server's reason when the report is refused", async () => {
    serve(() => json(409, { error: 'You have already reported this.', code: 'CONFLICT' }));
    renderQuestion(sampleUser);
    const dialog = await reportFirstReply();

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Could not send the report / You have already reported this.',
      ),
    );
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toBeEnabled();
  });
});
