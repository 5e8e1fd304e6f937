import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import type { Conversation, Message } from '../../../shared/schemas/chat';
import {
  catchUpMessages,
  chatKeys,
  isConversationShut,
  lastSeqOf,
  loadOlderMessages,
  messagesQuery,
  newClientId,
  useSendMessage,
  type MessagesState,
} from '../../data/chat';
import { useRealtimeConnect } from '../../lib/realtime';

/** A message of ours the server has not confirmed yet. */
export type PendingMessage = {
  clientId: string;
  content: string;
  createdAt: string;
  status: 'sending' | 'failed';
};

export type PaneItem =
  | { kind: 'message'; key: string; message: Message }
  | { kind: 'pending'; key: string; pending: PendingMessage };

/**
 * The open conversation's messages: the cached pages, kept live by useChatLive, plus our own messages on their
 * way. A message we sent shows at once as "Sending…"; when the server's copy arrives (the POST's answer or the
 * socket's echo, whichever is first) the local copy is hidden by its client id, so it never shows twice. A failed
 * one keeps its client id, so Retry cannot make a second copy either.
 */
export function useMessagePane(conversation: Conversation) {
  const client = useQueryClient();
  const conversationId = conversation.id;
  const query = useQuery(messagesQuery(conversationId));
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const send = useSendMessage({ meta: { errorTitle: 'chat.sendFailed' } });

  const older = useMutation({
    mutationFn: () => loadOlderMessages(client, conversationId),
    meta: { errorTitle: 'chat.messagesLoadFailed' },
  });

  const catchUp = () => {
    const state = client.getQueryData<MessagesState>(chatKeys.messages(conversationId));
    // Without a cached page the query's own fetch brings the newest messages.
    if (state) void catchUpMessages(client, conversationId, lastSeqOf(state)).catch(() => undefined);
  };

  // Back to a conversation read earlier: the cache may have missed messages while nobody watched.
  const catchUpOnOpen = useEffectEvent(catchUp);
  useEffect(() => catchUpOnOpen(), [conversationId]);
  useRealtimeConnect(catchUp);

  const post = (item: PendingMessage) => {
    send.mutateAsync({ conversationId, content: item.content, clientId: item.clientId }).then(
      () => setPending((list) => list.filter((p) => p.clientId !== item.clientId)),
      (error: unknown) => {
        setPending((list) =>
          list.map((p) => (p.clientId === item.clientId ? { ...p, status: 'failed' } : p)),
        );
        if (isConversationShut(error)) void client.invalidateQueries({ queryKey: chatKeys.conversations });
      },
    );
  };

  const submit = (content: string) => {
    const item: PendingMessage = {
      clientId: newClientId(),
      content,
      createdAt: new Date().toISOString(),
      status: 'sending',
    };
    setPending((list) => [...list, item]);
    post(item);
  };

  const retry = (clientId: string) => {
    const item = pending.find((p) => p.clientId === clientId);
    if (!item) return;
    const again = { ...item, status: 'sending' as const };
    setPending((list) => list.map((p) => (p.clientId === clientId ? again : p)));
    post(again);
  };

  const messages = query.data?.messages;
  const items = useMemo<PaneItem[]>(() => {
    const confirmed = messages ?? [];
    const known = new Set(confirmed.map((m) => m.clientId).filter(Boolean));
    return [
      ...confirmed.map((message) => ({ kind: 'message' as const, key: message.id, message })),
      ...pending
        .filter((p) => !known.has(p.clientId))
        .map((p) => ({ kind: 'pending' as const, key: p.clientId, pending: p })),
    ];
  }, [messages, pending]);

  return {
    items,
    lastSeq: lastSeqOf(query.data),
    status: query.status,
    refetch: query.refetch,
    hasOlder: query.data?.hasOlder ?? false,
    loadOlder: () => older.mutate(),
    loadingOlder: older.isPending,
    submit,
    retry,
  };
}
