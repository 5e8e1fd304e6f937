import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../../shared/schemas/chat';

/** Cached messages of one conversation: oldest first, and whether older ones exist on the server. */
export type MessagesState = { messages: Message[]; hasOlder: boolean };

/** Query keys: every chat key starts with `chat`, so sign-out or a reconnect can reach them all. */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: ['chat', 'conversations'] as const,
  messages: (conversationId: string) => ['chat', 'messages', conversationId] as const,
};

/**
 * Messages by their place in the conversation, each once. The same message can come from the newest page, a
 * catch-up, the socket's echo and the answer to our own POST, in any order.
 */
export function mergeMessages(existing: readonly Message[], incoming: readonly Message[]): Message[] {
  const bySeq = new Map<number, Message>();
  for (const message of existing) bySeq.set(message.seq, message);
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

export function lastSeqOf(state: MessagesState | undefined): number {
  return state?.messages.at(-1)?.seq ?? 0;
}

/** Adds messages to a conversation's cached list (if it is cached: otherwise its first fetch brings them). */
export function addMessages(client: QueryClient, conversationId: string, incoming: readonly Message[]) {
  client.setQueryData<MessagesState>(chatKeys.messages(conversationId), (state) =>
    state ? { ...state, messages: mergeMessages(state.messages, incoming) } : state,
  );
}

type ConversationList = { conversations: Conversation[] };

function patchList(client: QueryClient, update: (list: Conversation[]) => Conversation[]) {
  client.setQueryData<ConversationList>(chatKeys.conversations, (data) =>
    data ? { conversations: update(data.conversations) } : data,
  );
}

/**
 * A new message in the conversation list: its last message, its number and, for the other person's, one more
 * unread. Only a message newer than the list knows counts, so hearing it twice (socket and POST) changes nothing.
 * Returns false when the list does not have the conversation (a new one): the caller fetches the list again.
 */
export function applyNewMessage(client: QueryClient, message: Message, ownUserId: string): boolean {
  const list = client.getQueryData<ConversationList>(chatKeys.conversations);
  if (!list) return true;
  const found = list.conversations.find((c) => c.id === message.conversationId);
  if (!found) return false;
  if (message.seq <= found.lastSeq) return true;
  const own = message.senderId === ownUserId;
  const updated: Conversation = {
    ...found,
    lastMessage: {
      content: message.content,
      senderId: message.senderId,
      createdAt: message.createdAt,
      seq: message.seq,
    },
    lastSeq: message.seq,
    updatedAt: message.createdAt,
    // What we sent ourselves we have read; whoever replies has read what came before.
    lastReadSeq: own ? message.seq : found.lastReadSeq,
    participantLastReadSeq:
      own || found.participantLastReadSeq === null ? found.participantLastReadSeq : message.seq,
    unreadCount: own ? 0 : found.unreadCount + 1,
  };
  // Newest activity first, as the server orders it.
  patchList(client, (conversations) => [updated, ...conversations.filter((c) => c.id !== found.id)]);
  return true;
}

/** Read up to `seq` (here or in another tab): nothing left unread once the last message is read. */
export function applyRead(client: QueryClient, conversationId: string, seq: number) {
  patchList(client, (conversations) =>
    conversations.map((c) =>
      c.id === conversationId && seq > c.lastReadSeq
        ? { ...c, lastReadSeq: seq, unreadCount: seq >= c.lastSeq ? 0 : c.unreadCount }
        : c,
    ),
  );
}

/** The other person read up to `seq` ("Seen" under our message); the mark only moves forward. */
export function applyParticipantRead(client: QueryClient, conversationId: string, seq: number) {
  patchList(client, (conversations) =>
    conversations.map((c) =>
      c.id === conversationId && c.participantLastReadSeq !== null && seq > c.participantLastReadSeq
        ? { ...c, participantLastReadSeq: seq }
        : c,
    ),
  );
}

/** Puts a conversation the server returned (closed, blocked, unblocked) into the list in place. */
export function applyConversation(client: QueryClient, conversation: Conversation) {
  patchList(client, (conversations) =>
    conversations.some((c) => c.id === conversation.id)
      ? conversations.map((c) => (c.id === conversation.id ? conversation : c))
      : [conversation, ...conversations],
  );
}

export function totalUnread(conversations: readonly Conversation[] | undefined): number {
  return conversations?.reduce((sum, c) => sum + Math.max(0, c.unreadCount), 0) ?? 0;
}
