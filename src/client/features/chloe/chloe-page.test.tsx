import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatEvent } from '../../../shared/schemas/ai';
import { json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../../test/helpers';
import { ChloePage } from './chloe-page';
import { CHLOE_STORAGE_KEY } from '../../../shared/chloe';
import { STORED_MESSAGES_MAX } from './use-chloe-chat';

const TFN_SOURCE = {
  title: 'ATO: Tax file number',
  url: 'https://www.ato.gov.au/individuals-and-families/tax-file-number',
};

/** An event stream of these events, as the server sends it. */
function sse(events: ChatEvent[]) {
  return new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });
}

type Answer = { text: string; sources?: (typeof TFN_SOURCE)[]; nothingFound?: boolean };

/** A server that answers Chloe's messages with `answer` and takes feedback; the calls are kept. */
function serve(answer: (message: string) => Answer) {
  const fetch = stubFetch((url, body) => {
    if (url === '/api/ai/chat') {
      const { text, sources, nothingFound } = answer((body as { message: string }).message);
      return sse([
        { type: 'chunk', content: text },
        { type: 'done', sources, ...(nothingFound ? { nothingFound } : {}) },
      ]);
    }
    if (url === '/api/ai/feedback') return json(201, { id: 'f1' });
    if (url === '/api/ai/misses') return new Response(null, { status: 204 });
    if (url === '/api/questions') return json(201, { ...sampleQuestion, isOwn: true });
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/config') return json(200, {});
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
  const sent = (path: string) =>
    fetch.mock.calls
      .filter(([input]) => String(input) === path)
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetch, sent };
}

const tfn = (): Answer => ({ text: 'You apply online with the **ATO**. It is free.', sources: [TFN_SOURCE] });

const log = () => screen.getByRole('log', { name: 'Conversation with Chloe' });

async function ask(question: string) {
  await userEvent.type(screen.getByLabelText('Message to Chloe'), question);
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
  // The answer is done when its feedback is offered.
  await waitFor(() =>
    expect(within(log()).getAllByRole('button', { name: 'Yes, this answer helped' }).length).toBeGreaterThan(
      0,
    ),
  );
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('feedback on an answer', () => {
  it('sends the rating, the reason and the sources, and no conversation unless it is shared', async () => {
    const server = serve(tfn);
    renderWithApp(<ChloePage />);
    await ask('How do I get a tax file number?');

    const up = screen.getByRole('button', { name: 'Yes, this answer helped' });
    const down = screen.getByRole('button', { name: 'No, this answer did not help' });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByLabelText('Tell us more (optional)')).not.toBeInTheDocument();
    await userEvent.click(down);
    expect(down).toHaveAttribute('aria-pressed', 'true');
    expect(up).toHaveAttribute('aria-pressed', 'false');

    const share = screen.getByRole('checkbox', { name: 'Share this conversation to improve Chloe' });
    expect(share).not.toBeChecked();
    expect(share).toHaveAccessibleDescription(/^Your questions and Chloe’s answers up to here/);
    const reason = screen.getByLabelText('Tell us more (optional)');
    expect(reason).toHaveAttribute('maxLength', '500');
    await userEvent.type(reason, '  I wanted the phone number  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));

    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Thank you for your feedback / It helps us make Chloe better.',
      ),
    );
    // A thumbs down brings the question it answered, for Chloe's misses (the conversation stays unshared).
    expect(server.sent('/api/ai/feedback')).toEqual([
      {
        rating: 'down',
        reason: 'I wanted the phone number',
        sources: [TFN_SOURCE.url],
        question: 'How do I get a tax file number?',
        locale: 'en',
      },
    ]);
    // Once sent, it is not asked for again.
    expect(screen.getByText('Thank you, your feedback was sent.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).not.toBeInTheDocument();
  });

  it('sends the conversation up to that answer when it is shared', async () => {
    const server = serve((message) =>
      message.startsWith('How') ? tfn() : { text: 'The ATO answers on 13 28 61.', sources: [TFN_SOURCE] },
    );
    renderWithApp(<ChloePage />);
    await ask('How do I get a tax file number?');
    await ask('And their phone number?');

    // The first answer: the turns after it stay on the device.
    const [firstUp] = screen.getAllByRole('button', { name: 'Yes, this answer helped' });
    await userEvent.click(firstUp!);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Share this conversation to improve Chloe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));

    await waitFor(() => expect(server.sent('/api/ai/feedback')).toHaveLength(1));
    expect(server.sent('/api/ai/feedback')[0]).toEqual({
      rating: 'up',
      sources: [TFN_SOURCE.url],
      conversation: [
        { role: 'user', content: 'How do I get a tax file number?' },
        { role: 'assistant', content: 'You apply online with the **ATO**. It is free.' },
      ],
      locale: 'en',
    });
    // The second answer can still be rated.
    expect(screen.getAllByRole('button', { name: 'Yes, this answer helped' })).toHaveLength(1);
  });

  it('says when the feedback could not be sent, and keeps the form', async () => {
    serve(tfn);
    const served = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input) === '/api/ai/feedback'
          ? json(429, {
              error: 'You have sent a lot of feedback. Please try again in 4 min.',
              code: 'RATE_LIMITED',
            })
          : served(input, init),
      ),
    );
    renderWithApp(<ChloePage />);
    await ask('How do I get a tax file number?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, this answer helped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Feedback not sent / You have sent a lot of feedback. Please try again in 4 min.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Send Feedback' })).toBeEnabled();
  });
});

describe('the conversation kept on the device', () => {
  it('comes back after the page is left and opened again, and Clear empties it', async () => {
    serve(tfn);
    const first = renderWithApp(<ChloePage />);
    expect(screen.queryByRole('button', { name: 'Clear Conversation' })).not.toBeInTheDocument();
    expect(
      screen.getByText(/This conversation stays in this browser: our server keeps it only if you share it/),
    ).toBeInTheDocument();
    await ask('How do I get a tax file number?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, this answer helped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Feedback' }));
    await screen.findByText('Thank you, your feedback was sent.');
    first.unmount();

    const stored = JSON.parse(localStorage.getItem(CHLOE_STORAGE_KEY)!) as unknown[];
    expect(stored).toHaveLength(2);

    renderWithApp(<ChloePage />);
    expect(within(log()).getByText('How do I get a tax file number?')).toBeInTheDocument();
    expect(within(log()).getByText('ATO')).toBeInTheDocument();
    expect(within(log()).getByRole('link', { name: 'ATO: Tax file number' })).toBeInTheDocument();
    // The rating sent is remembered with it.
    expect(screen.getByText('Thank you, your feedback was sent.')).toBeInTheDocument();
    // The suggestions are for an empty conversation.
    expect(screen.queryByRole('heading', { name: 'Try asking' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear Conversation' }));
    expect(within(log()).queryByText('How do I get a tax file number?')).not.toBeInTheDocument();
    expect(localStorage.getItem(CHLOE_STORAGE_KEY)).toBeNull();
    expect(screen.getByLabelText('Message to Chloe')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear Conversation' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Try asking' })).toBeInTheDocument();
  });

  it('brings an answer that was streaming back as stopped, and keeps only the last 50 messages', async () => {
    serve(tfn);
    const messages = Array.from({ length: 60 }, (_, i) => ({
      id: i + 1,
      role: i % 2 === 0 ? 'user' : 'chloe',
      content: `message ${i + 1}`,
      at: '2026-03-01T12:00:00.000Z',
      status: i === 59 ? 'streaming' : 'done',
      ...(i % 2 === 1 ? { question: `message ${i}` } : {}),
    }));
    localStorage.setItem(CHLOE_STORAGE_KEY, JSON.stringify(messages));
    renderWithApp(<ChloePage />);
    expect(within(log()).queryByText('message 10')).not.toBeInTheDocument();
    expect(within(log()).getByText('message 11')).toBeInTheDocument();
    expect(within(log()).getByText('message 60')).toBeInTheDocument();
    expect(within(log()).getByText('Stopped.')).toBeInTheDocument();
    // A new message is added after them, and the device keeps the last 50. The kept answers already offer their
    // feedback, so the new answer's end is awaited by what is kept.
    await ask('TFN?');
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(CHLOE_STORAGE_KEY)!) as { content: string }[];
      expect(stored.at(-1)!.content).toBe('You apply online with the **ATO**. It is free.');
      expect(stored).toHaveLength(STORED_MESSAGES_MAX);
    });
  }, 20_000);

  it.each([
    ['not JSON', '{"broken'],
    ['not a list', '{"messages":[]}'],
    ['a message of another shape', JSON.stringify([{ id: 'x', role: 'system', content: 1 }])],
  ])('ignores a kept value that is %s', (_name, value) => {
    serve(tfn);
    localStorage.setItem(CHLOE_STORAGE_KEY, value);
    renderWithApp(<ChloePage />);
    expect(within(log()).getAllByRole('paragraph')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Try asking' })).toBeInTheDocument();
  });

  it('saves an answer while it streams, at most once a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let finish = () => {};
    stubFetch((url) => {
      if (url !== '/api/ai/chat') return json(200, {});
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(
            new TextEncoder().encode(
              `data: ${JSON.stringify({ type: 'chunk', content: 'Half an answer' })}\n\n`,
            ),
          );
          finish = () => controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const page = renderWithApp(<ChloePage />);
    await userEvent.type(screen.getByLabelText('Message to Chloe'), 'Tell me about rent');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await within(log()).findByText('Half an answer');
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const stored = JSON.parse(localStorage.getItem(CHLOE_STORAGE_KEY)!) as { status: string }[];
    expect(stored.map((m) => m.status)).toEqual(['done', 'streaming']);
    page.unmount();
    finish();
    renderWithApp(<ChloePage />);
    expect(within(log()).getByText('Half an answer')).toBeInTheDocument();
    expect(within(log()).getByText('Stopped.')).toBeInTheDocument();
  });
});

describe('when Chloe found nothing', () => {
  const nothing = (): Answer => ({
    text: "I couldn't find this in the information I have.",
    sources: [],
    nothingFound: true,
  });
  const QUESTION = 'What is the best surfing beach in Perth?';

  it('offers the community and a mentor; Ask the community opens the dialog with the question', async () => {
    serve(nothing);
    renderWithApp(<ChloePage />, { path: '/chloe', user: sampleUser });
    await ask(QUESTION);
    expect(screen.getByRole('link', { name: 'Talk to a Mentor' })).toHaveAttribute('href', '/chat');
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask a Question' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue(QUESTION);
    expect(within(dialog).getByLabelText('Details')).toHaveValue(QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Ask a Question' })).not.toBeInTheDocument(),
    );
  });

  it('asks a visitor to sign in first, as the feed does', async () => {
    serve(nothing);
    renderWithApp(<ChloePage />, { path: '/chloe' });
    await ask(QUESTION);
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Community' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Login required / Please sign in to ask the community.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers neither under an answer that found something, only a quieter way to ask', async () => {
    serve(tfn);
    renderWithApp(<ChloePage />, { user: sampleUser });
    await ask('How do I get a tax file number?');
    expect(screen.queryByRole('button', { name: 'Ask the Community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Talk to a Mentor' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Still Need Help? Ask the Community' })).toBeInTheDocument();
  });

  it('tells Chloe’s misses when a person takes an answered question to the community, once it is posted', async () => {
    const server = serve(tfn);
    renderWithApp(<ChloePage />, { path: '/chloe', user: sampleUser });
    await ask('How do I get a tax file number?');
    await userEvent.click(screen.getByRole('button', { name: 'Still Need Help? Ask the Community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask a Question' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('How do I get a tax file number?');
    expect(server.sent('/api/ai/misses')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Question' }));
    await waitFor(() =>
      expect(server.sent('/api/ai/misses')).toEqual([
        { question: 'How do I get a tax file number?', kind: 'asked-community' },
      ]),
    );
  });

  it('does not tell it twice for a question Chloe had nothing on: that one is a miss already', async () => {
    const server = serve(nothing);
    renderWithApp(<ChloePage />, { path: '/chloe', user: sampleUser });
    await ask(QUESTION);
    await userEvent.click(screen.getByRole('button', { name: 'Ask the Community' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask a Question' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Question' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Question posted!'));
    expect(server.sent('/api/ai/misses')).toEqual([]);
  });
});
