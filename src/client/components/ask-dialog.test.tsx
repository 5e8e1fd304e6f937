import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, sampleQuestion, sampleUser, stubFetch } from '../test/helpers';
import { stubPush, unstubPush } from '../test/push-fixtures';
import { askDraft, forgetAskDraft } from '../lib/ask-draft';
import { AskDialog } from './ask-dialog';

const SIMILAR = {
  questions: [{ id: 'q-tfn', title: 'How long does a TFN take to arrive?' }],
  articles: [
    {
      id: 'tax-file-number',
      title: 'Tax file number (TFN)',
      summary: 'Apply online for free with the ATO.',
      source: { title: 'ATO: TFN application', url: 'https://www.ato.gov.au/tfn' },
    },
  ],
};

function serve() {
  return stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url.startsWith('/api/ai/similar')) return json(200, SIMILAR);
    if (url === '/api/questions') return json(201, { ...sampleQuestion, isOwn: true });
    if (url === '/api/notifications/push-key') return json(200, { publicKey: 'BPublicKey_-01xy' });
    return json(201, {});
  });
}

async function ask() {
  const onClose = vi.fn();
  renderWithApp(<AskDialog open onClose={onClose} />, { user: sampleUser });
  await userEvent.type(screen.getByLabelText('Title'), 'Where do I get a tax file number?');
  await userEvent.type(screen.getByLabelText('Details'), 'I start a casual job next week.');
  await userEvent.click(screen.getByRole('button', { name: 'Post Question' }));
  return onClose;
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

describe('the offer of alerts after asking', () => {
  afterEach(() => unstubPush());

  it('asks once, after the question is posted, and the browser’s question comes from the tap', async () => {
    serve();
    const push = stubPush();
    const onClose = await ask();
    const accept = await screen.findByRole('button', { name: 'Tell Me When Someone Answers' });
    expect(screen.getByRole('dialog', { name: 'Your question is posted' })).toBeInTheDocument();
    expect(accept).toHaveFocus();
    expect(accept).toHaveAccessibleDescription(/^Would you like an alert on this device/);
    expect(push.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(accept);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(push.requestPermission).toHaveBeenCalledOnce();
    expect(push.state.subscribed).toBe(true);
  });

  it('closes as before where alerts cannot be had (jsdom has no push)', async () => {
    serve();
    const onClose = await ask();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByTestId('toast')).toHaveTextContent('Question posted!');
    expect(screen.queryByRole('button', { name: 'Tell Me When Someone Answers' })).not.toBeInTheDocument();
  });
});

describe('finding an answer before asking', () => {
  afterEach(() => forgetAskDraft());

  it('shows what already answers the question as it is written, in the reader’s words', async () => {
    const fetch = serve();
    renderWithApp(<AskDialog open onClose={vi.fn()} />, { user: sampleUser });
    await userEvent.type(screen.getByLabelText('Title'), 'Where do I get a tax file number?');
    const found = await screen.findByRole('region', { name: 'Already answered?' });
    expect(within(found).getByRole('link', { name: 'How long does a TFN take to arrive?' })).toHaveAttribute(
      'href',
      '/questions/q-tfn',
    );
    expect(within(found).getByText('Apply online for free with the ATO.')).toBeInTheDocument();
    const official = within(found).getByRole('link', { name: 'Official page: ATO: TFN application' });
    expect(official).toHaveAttribute('target', '_blank');
    expect(official).toHaveAttribute('rel', 'noopener noreferrer');
    // Looked up once typing paused, not on every key.
    const lookups = fetch.mock.calls.filter(([input]) => String(input).startsWith('/api/ai/similar'));
    expect(lookups).toHaveLength(1);
    expect(String(lookups[0]![0])).toBe(
      `/api/ai/similar?q=${encodeURIComponent('Where do I get a tax file number?').replaceAll('%20', '+')}`,
    );
  });

  it('keeps the draft when the person opens a question it found, and forgets it once posted', async () => {
    serve();
    const onClose = vi.fn();
    const first = renderWithApp(<AskDialog open onClose={onClose} />, { user: sampleUser });
    await userEvent.type(screen.getByLabelText('Title'), 'Where do I get a tax file number?');
    await userEvent.type(screen.getByLabelText('Details'), 'I start a casual job next week.');
    await userEvent.click(await screen.findByRole('link', { name: 'How long does a TFN take to arrive?' }));
    expect(onClose).toHaveBeenCalled();
    first.unmount();

    renderWithApp(<AskDialog open onClose={vi.fn()} />, { user: sampleUser });
    expect(screen.getByLabelText('Title')).toHaveValue('Where do I get a tax file number?');
    expect(screen.getByLabelText('Details')).toHaveValue('I start a casual job next week.');
    await userEvent.click(screen.getByRole('button', { name: 'Post Question' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('Question posted!'));
    expect(askDraft()).toEqual({ title: '', content: '' });
  });
});
