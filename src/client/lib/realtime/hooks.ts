import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WatchFrame } from '../../../shared/schemas/notifications';
import type { RealtimeFrame } from '../../../shared/schemas/realtime';
import { api, ApiError } from '../api';
import { ENDING_SESSION, useAuth } from '../auth';
import { realtimeSocket, type ConnectionState } from './socket';

let checking: Promise<boolean> | null = null;

/**
 * Whether the server says the session is gone. Every screen that hears the socket asks when it closes with "session
 * ended": they share one request.
 */
function sessionGone(): Promise<boolean> {
  checking ??= api('/api/auth/me')
    .then(
      () => false,
      (error: unknown) => error instanceof ApiError && error.status === 401,
    )
    .finally(() => {
      checking = null;
    });
  return checking;
}

/**
 * Hears the socket's frames: a member's socket while someone is signed in, a visitor's (public topics only)
 * otherwise. Keyed by the user, so signing in or out (here or in another tab) lets go of the socket; the next person
 * gets a fresh connection with their own cookie.
 */
export function useRealtimeFrames(onFrame: (frame: RealtimeFrame) => void, enabled = true) {
  const { user, clear } = useAuth();
  const userId = user?.id ?? null;
  const handle = useEffectEvent(onFrame);
  // The server ended the session (signed out elsewhere, or an admin changed the role): once it says the session is
  // gone, this tab signs out too, instead of reconnecting for ever.
  const queryClient = useQueryClient();
  const sessionEnded = useEffectEvent(() => {
    // Ended on purpose here (the account deleted): the screen that asked decides where to go, even once its call is
    // done, since the socket may hear of it after the answer.
    const onPurpose = queryClient
      .getMutationCache()
      .findAll({ mutationKey: ENDING_SESSION })
      .some((mutation) => mutation.state.status !== 'error');
    if (onPurpose) return;
    void sessionGone().then((gone) => gone && clear());
  });
  useEffect(() => {
    if (!enabled) return;
    realtimeSocket.setMember(userId);
    const stopFrames = realtimeSocket.subscribe((frame) => handle(frame));
    const stopSession = realtimeSocket.onSessionEnded(() => sessionEnded());
    return () => {
      stopSession();
      stopFrames();
    };
  }, [userId, enabled]);
}

/** Runs after every (re)connection, to catch up on what was missed. */
export function useRealtimeConnect(onConnect: (info: { reconnect: boolean }) => void) {
  const handle = useEffectEvent(onConnect);
  useEffect(() => realtimeSocket.onConnect((info) => handle(info)), []);
}

/** Joins a conversation for as long as the component shows it: typing and read frames come only then. */
export function useJoinConversation(conversationId: string | null) {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => {
    if (!conversationId || !userId) return;
    return realtimeSocket.join(conversationId);
  }, [conversationId, userId]);
}

/**
 * Hears a public topic's frames (the feed's new questions, a question page's new replies) for as long as the
 * component shows it, signed in or not; `null` watches nothing.
 */
export function useWatch(topic: WatchFrame['topic'] | null) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!topic) return;
    return realtimeSocket.watch(topic);
  }, [topic, userId]);
}

export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(realtimeSocket.onStateChange, realtimeSocket.getState, () => 'idle');
}
