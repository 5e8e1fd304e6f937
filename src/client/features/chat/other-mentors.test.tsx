import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../shared/schemas/chat';
import type { Mentor } from '../../../shared/schemas/mentors';
import { CONVERSATION_ID, MENTOR_ID, sampleConversation } from '../../test/chat-fixtures';
import { FakeWebSocket } from '../../test/fake-socket';
import { json, renderWithApp, sampleUser, stubFetch } from '../../test/helpers';
import { ChatPage } from './chat-page';

const mentor = (n: number, extra: Partial<Mentor> = {}): Mentor => ({
  id: `b0b0b0b0-0000-4000-8000-00000000000${n}`,
  displayName: `Mentor ${n}`,
  headline: `Helps with renting ${n}`,
  expertise: [],
  topics: ['housing'],
  languages: ['en'],
  state: 'VIC',
  city: null,
  answerCount: 0,
  helpfulCount: 0,
  availability: 'open',
  awayUntil: null,
  replyTime: null,
  lastActive: null,
  isDemo: false,
  ...extra,
});
const offered = [mentor(1, { replyTime: 45 }), mentor(2), mentor(3), mentor(4)];

function serve(conversation: Conversation) {
  return stubFetch((url) => {
    if (url === '/api/auth/me') return json(200, { user: sampleUser });
    if (url === '/api/conversations') return json(200, { conversations: [conversation] });
    if (url.includes('/messages')) return json(200, { messages: [], hasMore: false });
    if (url === `/api/mentors?similarTo=${MENTOR_ID}`)
      return json(200, { mentors: offered, nextCursor: null, total: offered.length });
    if (url === `/api/mentors/${offered[1]!.id}`) return json(200, offered[1]);
    return json(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
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

describe('a conversation closed without a reply', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers the student three mentors taking new conversations, each opening a start with them', async () => {
    serve({ ...sampleConversation, status: 'closed', closedReason: 'no-reply' });
    renderWithApp(<ChatPage />, { path: `/chat?c=${CONVERSATION_ID}`, user: sampleUser });
    const offer = await screen.findByRole('region', {
      name: 'No reply came within 7 days. Here are mentors who take new conversations:',
    });
    const starts = await within(offer).findAllByRole('link', { name: /^Start a conversation with/ });
    expect(starts.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Start a conversation with Mentor 1',
      'Start a conversation with Mentor 2',
      'Start a conversation with Mentor 3',
    ]);
    expect(within(offer).getByText('Usually replies within an hour')).toBeInTheDocument();
    // Nothing to rate in a conversation the mentor never answered.
    expect(screen.queryByText('Was this conversation helpful?')).not.toBeInTheDocument();

    await userEvent.click(starts[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Start a conversation' });
    expect(await within(dialog).findByText('Mentor 2')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('says so when the mentor stopped mentoring, and offers nothing on a conversation closed by its people', async () => {
    serve({ ...sampleConversation, status: 'closed', closedReason: 'mentor-left' });
    const { unmount } = renderWithApp(<ChatPage />, { path: `/chat?c=${CONVERSATION_ID}`, user: sampleUser });
    expect(
      await screen.findByRole('region', {
        name: 'This mentor no longer mentors. Here are mentors who take new conversations:',
      }),
    ).toBeInTheDocument();
    unmount();

    serve({ ...sampleConversation, status: 'closed', closedReason: null });
    renderWithApp(<ChatPage />, { path: `/chat?c=${CONVERSATION_ID}`, user: sampleUser });
    expect(await screen.findByText('Was this conversation helpful?')).toBeInTheDocument();
    expect(screen.queryByText(/Here are mentors who take new conversations/)).not.toBeInTheDocument();
  });
});
