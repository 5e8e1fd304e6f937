import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Message } from '../../shared/schemas/chat';
import { useAuth } from '../lib/auth';
import { catchUpMessages, useConversations } from './chat';
import {
  addMessages,
  applyNewMessage,
  applyParticipantRead,
  applyRead,
  chatKeys,
  totalUnread,
  type MessagesState,
} from './chat-cache';
import { useRealtimeConnect, useRealtimeFrames } from '../lib/realtime';

/** The number after which a message is missing, or null when the list has no gap. */
export function firstGap(messages: readonly Message[]): number | null {
  for (let i = 1; i < messages.length; i += 1) {
    if (messages[i]!.seq !== messages[i - 1]!.seq + 1) return messages[i - 1]!.seq;
  }
  return null;
}

const fillingGaps = new Set<string>();

/** A message skipped a number (a frame lost in a drop): fetch what lies between, once at a time. */
function fillGap(client: QueryClient, conversationId: string) {
  if (fillingGaps.has(conversationId)) return;
  const state = client.getQueryData<MessagesState>(chatKeys.messages(conversationId));
  const after = state ? firstGap(state.messages) : null;
  if (after === null) return;
  fillingGaps.add(conversationId);
  void catchUpMessages(client, conversationId, after)
    .catch(() => undefined)
    .finally(() => fillingGaps.delete(conversationId));
}

/** Whose conversations the chat caches hold. */
let cachedFor: string | undefined;

/**
 * Someone else signed in (in another tab, on a shared computer): forget the last person's conversations before
 * anything reads them. Run during render, ahead of the queries, so the old list is never shown even for a frame.
 */
function forgetOtherUsersChats(client: QueryClient, userId: string | undefined) {
  if (!userId || userId === cachedFor) return;
  if (cachedFor !== undefined) client.removeQueries({ queryKey: chatKeys.all });
  cachedFor = userId;
}

/** Fetches the list again; a fetch already running is kept, so two listeners hearing one frame fetch once. */
function refetchList(client: QueryClient) {
  return client.invalidateQueries({ queryKey: chatKeys.conversations }, { cancelRefetch: false });
}

/**
 * Keeps the chat caches live from the socket: new messages go into their conversation and the list (last
 * message, unread count), a started, closed or blocked conversation or a reconnect fetches the list again.
 * Every change is idempotent, so the header and the chat screen can both listen.
 */
export function useChatLive(enabled = true) {
  const client = useQueryClient();
  const { user } = useAuth();
  const userId = user?.id;
  forgetOtherUsersChats(client, userId);

  useRealtimeFrames(
    (frame) => {
      if (!userId) return;
      switch (frame.type) {
        case 'new_message':
          addMessages(client, frame.conversationId, [frame.message]);
          fillGap(client, frame.conversationId);
          if (!applyNewMessage(client, frame.message, userId)) void refetchList(client);
          break;
        case 'read':
          // Read in another of our tabs or devices; the other person's reading shows as "Seen".
          if (frame.userId === userId) applyRead(client, frame.conversationId, frame.seq);
          else applyParticipantRead(client, frame.conversationId, frame.seq);
          break;
        case 'conversation':
          void refetchList(client);
          break;
      }
    },
    enabled && Boolean(userId),
  );

  useRealtimeConnect(({ reconnect }) => {
    if (enabled && reconnect && userId) void refetchList(client);
  });
}

/** The signed-in person's unread messages across conversations, kept live by the socket. */
export function useUnreadTotal(): number {
  // useChatLive first: it clears another person's cached list before useConversations reads it.
  useChatLive();
  const { data } = useConversations();
  return totalUnread(data?.conversations);
}
