import type { ChatEvent, ChatTurnInput } from '../../shared/schemas/ai';
import { ApiError, request } from './api';
import { i18n } from './i18n';

/**
 * Takes the complete server-sent events out of the text received so far. Events end with a blank line; each
 * `data:` line holds one JSON event; comment lines (the server's heartbeat) keep the connection alive and are
 * skipped. `rest` is an event still arriving: the caller puts the next chunk after it.
 */
export function parseEvents(buffer: string): { events: ChatEvent[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) =>
    block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => JSON.parse(line.slice(5).trim()) as ChatEvent),
  );
  return { events, rest };
}

/**
 * Sends a message to Chloe and calls `onEvent` for each event as it arrives. A non-OK answer (bad input, rate
 * limit) throws an ApiError with the server's message; a stream that ends without `done` or `error` gives an
 * `error` event; an abort stops quietly.
 */
export async function streamChat(
  body: { message: string; history: ChatTurnInput[] },
  onEvent: (event: ChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await request('/api/ai/chat', {
    method: 'POST',
    body,
    signal,
    accept: 'text/event-stream',
  });
  if (!response.body) throw new ApiError(response.status, i18n.t('errors.requestFailed'));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const { events, rest } = parseEvents(buffer + value);
      buffer = rest;
      for (const event of events) {
        if (event.type !== 'chunk') finished = true;
        onEvent(event);
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
  if (!finished && !signal.aborted) onEvent({ type: 'error', message: 'interrupted' });
}

/**
 * Why an answer failed, for the message the person sees: refused before it began (`reason` is the server's
 * message when it is about the message itself: bad input or a rate limit), or broken off while streaming.
 */
export type ChatFailure = { stage: 'send'; reason?: string } | { stage: 'stream' };

export function chatFailure(error: unknown): ChatFailure {
  if (!(error instanceof ApiError)) return { stage: 'stream' };
  return error.status === 400 || error.status === 429
    ? { stage: 'send', reason: error.message }
    : { stage: 'send' };
}
