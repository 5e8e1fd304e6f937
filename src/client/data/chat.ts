import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  Conversation,
  ConversationFeedbackInput,
  CreateConversationInput,
  Message,
  MessagesPage,
} from '../../shared/schemas/chat';
import type { User } from '../../shared/schemas/auth';
import type { reportSchema } from '../../shared/schemas/questions';
import type { z } from 'zod';
import { api, ApiError } from '../lib/api';
import { useAuth } from '../lib/auth';
import {
  addMessages,
  applyConversation,
  applyNewMessage,
  applyRead,
  chatKeys,
  mergeMessages,
  type MessagesState,
} from './chat-cache';
import { withConfig, type MutationConfig } from '../lib/mutation';

export { chatKeys, lastSeqOf, totalUnread, type MessagesState } from './chat-cache';

/**
 * A mentor an admin has not verified yet: students cannot choose them. `mentorVerified` is set on the user
 * object by the server for verified mentors.
 */
export function isAwaitingVerification(user: User): boolean {
  return user.role === 'mentor' && user.mentorVerified !== true;
}

const path = (conversationId: string) => `/api/conversations/${encodeURIComponent(conversationId)}`;

/** The member's conversations (and the chat frame's data). */
export const CONVERSATIONS_PATH = '/api/conversations';

export const conversationsQuery = () =>
  queryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ signal }) => api<{ conversations: Conversation[] }>(CONVERSATIONS_PATH, { signal }),
  });

export function fetchMessages(
  conversationId: string,
  cursor: { before?: number; after?: number; limit?: number } = {},
  signal?: AbortSignal,
): Promise<MessagesPage> {
  const search = new URLSearchParams();
  if (cursor.before !== undefined) search.set('before', String(cursor.before));
  if (cursor.after !== undefined) search.set('after', String(cursor.after));
  if (cursor.limit !== undefined) search.set('limit', String(cursor.limit));
  const query = search.size ? `?${search}` : '';
  return api<MessagesPage>(`${path(conversationId)}/messages${query}`, { signal });
}

/** The newest page; older pages and later messages are added to the same entry (see useMessagePane). */
export const messagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: async ({ signal }): Promise<MessagesState> => {
      const page = await fetchMessages(conversationId, {}, signal);
      return { messages: page.messages, hasOlder: page.hasMore };
    },
  });

export function useConversations() {
  const { user } = useAuth();
  return useQuery({ ...conversationsQuery(), enabled: Boolean(user) });
}

/** Pages back once: the older messages join the cached list. */
export async function loadOlderMessages(client: QueryClient, conversationId: string): Promise<void> {
  const state = client.getQueryData<MessagesState>(chatKeys.messages(conversationId));
  const first = state?.messages[0]?.seq;
  if (first === undefined) return;
  const page = await fetchMessages(conversationId, { before: first });
  client.setQueryData<MessagesState>(chatKeys.messages(conversationId), (current) =>
    current ? { messages: mergeMessages(current.messages, page.messages), hasOlder: page.hasMore } : current,
  );
}

/**
 * Fetches everything after `afterSeq` (after a reconnect or a gap in the numbers), page by page until none is
 * left, and adds it to the cache. Stops early after a few pages: the newest page is then fetched instead.
 */
export async function catchUpMessages(client: QueryClient, conversationId: string, afterSeq: number) {
  let after = afterSeq;
  for (let round = 0; round < 5; round += 1) {
    const page = await fetchMessages(conversationId, { after, limit: 100 });
    addMessages(client, conversationId, page.messages);
    after = page.messages.at(-1)?.seq ?? after;
    if (!page.hasMore) return;
  }
  await client.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
}

/** Starts a conversation; the list is fetched again so it shows. */
export function useCreateConversation(config: MutationConfig<Conversation, CreateConversationInput> = {}) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (input) => api<Conversation>(CONVERSATIONS_PATH, { method: 'POST', body: input }),
      onSuccess: async (conversation) => {
        applyConversation(client, conversation);
        await client.invalidateQueries({ queryKey: chatKeys.conversations });
      },
    }),
  );
}

/**
 * A message's own id, made before it is sent so a retry can say "the same message again". randomUUID exists only
 * in secure contexts (https, localhost); a phone trying the app over the local network gets the same from
 * getRandomValues.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export type SendInput = { conversationId: string; content: string; clientId: string };

/**
 * Sends a message with its client id: a retry with the same id gets the first message back, never a copy. The
 * answer goes into the cache at once (the socket's echo may come before or after; both are merged by number).
 */
export function useSendMessage(config: MutationConfig<Message, SendInput> = {}) {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: ({ conversationId, content, clientId }) =>
        api<Message>(`${path(conversationId)}/messages`, { method: 'POST', body: { content, clientId } }),
      onSuccess: (message) => {
        addMessages(client, message.conversationId, [message]);
        if (user && !applyNewMessage(client, message, user.id))
          void client.invalidateQueries({ queryKey: chatKeys.conversations });
      },
    }),
  );
}

/**
 * A send refused because the conversation was closed or blocked since the screen fetched it (403, 409): the list,
 * fetched again, says so and the composer locks.
 */
export function isConversationShut(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.status === 409);
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, seq }: { conversationId: string; seq: number }) =>
      api<{ lastReadSeq: number }>(`${path(conversationId)}/read`, { method: 'POST', body: { seq } }),
    onSuccess: (result, { conversationId }) => applyRead(client, conversationId, result.lastReadSeq),
  });
}

type ConversationAction = 'close' | 'block' | 'unblock';

/** Close, block or unblock: the answer is the conversation as it now is. Blocking closes others too: refetch. */
export function useConversationAction(
  config: MutationConfig<Conversation, { conversationId: string; action: ConversationAction }> = {},
) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: ({ conversationId, action }) =>
        api<Conversation>(`${path(conversationId)}/${action === 'close' ? 'close' : 'block'}`, {
          method: action === 'unblock' ? 'DELETE' : 'POST',
        }),
      onSuccess: async (conversation) => {
        applyConversation(client, conversation);
        await client.invalidateQueries({ queryKey: chatKeys.conversations });
      },
    }),
  );
}

/** The student says whether a closed conversation helped; the conversation comes back with it marked given. */
export function useConversationFeedback(
  config: MutationConfig<Conversation, { conversationId: string; input: ConversationFeedbackInput }> = {},
) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: ({ conversationId, input }) =>
        api<Conversation>(`${path(conversationId)}/feedback`, { method: 'POST', body: input }),
      onSuccess: (conversation) => applyConversation(client, conversation),
    }),
  );
}

export type ChatReportInput = z.output<typeof reportSchema> & { messageId?: string };

export function useReportConversation(
  config: MutationConfig<unknown, { conversationId: string; input: ChatReportInput }> = {},
) {
  return useMutation(
    withConfig(config, {
      mutationFn: ({ conversationId, input }) =>
        api(`${path(conversationId)}/report`, { method: 'POST', body: input }),
    }),
  );
}
