import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../shared/schemas/chat';
import { realtimeSocket, useRealtimeFrames } from '../../lib/realtime';

/** How long "is typing…" shows after the last typing frame. */
export const TYPING_SHOWN_MS = 3_000;
/** Typing frames go out at most this often while someone types. */
export const TYPING_SEND_EVERY_MS = 2_000;

/**
 * Whether the other person is typing in this conversation (for 3 s after each typing frame, and no longer once
 * their message arrives), and `typed()` for our own keystrokes, sent at most every 2 s.
 */
export function useTyping(conversationId: string, ownUserId: string, lastMessage: Message | undefined) {
  // When the last typing frame came, and how far the conversation was then.
  const [typing, setTyping] = useState({ until: 0, atSeq: 0 });
  const lastSent = useRef(0);
  const lastSeq = lastMessage?.seq ?? 0;

  useRealtimeFrames((frame) => {
    if (frame.type === 'typing' && frame.conversationId === conversationId && frame.userId !== ownUserId)
      setTyping({ until: Date.now() + TYPING_SHOWN_MS, atSeq: lastSeq });
  });

  useEffect(() => {
    if (!typing.until) return;
    const timer = setTimeout(() => setTyping({ until: 0, atSeq: 0 }), Math.max(0, typing.until - Date.now()));
    return () => clearTimeout(timer);
  }, [typing.until]);

  // A message of theirs since the frame: they have stopped typing it.
  const theySentSince = lastSeq > typing.atSeq && lastMessage?.senderId !== ownUserId;

  const typed = () => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_SEND_EVERY_MS) return;
    if (realtimeSocket.send({ type: 'typing', conversationId })) lastSent.current = now;
  };

  return { otherTyping: typing.until > 0 && !theySentSince, typed };
}
