import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import type { ServerFrame } from '../../shared/schemas/chat';
import { useAuth } from './auth';
import { chatSocket, type ConnectionState } from './socket';

/**
 * Hears the socket's frames while someone is signed in. Keyed by the user, so signing out (here or in another
 * tab) lets go of the socket and it closes; the next person gets a fresh connection with their own cookie.
 */
export function useSocketFrames(onFrame: (frame: ServerFrame) => void, enabled = true) {
  const { user } = useAuth();
  const userId = user?.id;
  const handle = useEffectEvent(onFrame);
  useEffect(() => {
    if (!userId || !enabled) return;
    return chatSocket.subscribe((frame) => handle(frame));
  }, [userId, enabled]);
}

/** Runs after every (re)connection, to catch up on what was missed. */
export function useSocketConnect(onConnect: (info: { reconnect: boolean }) => void) {
  const handle = useEffectEvent(onConnect);
  useEffect(() => chatSocket.onConnect((info) => handle(info)), []);
}

/** Joins a conversation for as long as the component shows it: typing and read frames come only then. */
export function useJoinConversation(conversationId: string | null) {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!conversationId || !userId) return;
    return chatSocket.join(conversationId);
  }, [conversationId, userId]);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(chatSocket.onStateChange, chatSocket.getState, () => 'idle');
}
