import type { ChatEvent, ChatTurnInput } from '../../../shared/schemas/ai';
import { ApiError } from '../../lib/api';
import { i18n } from '../../lib/i18n';

/**
 * Sends a message to Chloe and calls `onEvent` for each server-sent event as it arrives. A non-OK answer (bad
 * input, rate limit) throws an ApiError with the server's message; a stream that ends without `done` or `error`
 * gives an `error` event; an abort stops quietly.
 */
export async function streamChat(
  body: { message: string; history: ChatTurnInput[] },
  onEvent: (event: ChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const response = await fetch('/api/ai/chat', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'accept-language': i18n.language,
    },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    throw new ApiError(response.status, data.error ?? i18n.t('errors.requestFailed'));
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n')) {
          if (!line.startsWith('data:')) continue; // comments keep the connection alive
          const event = JSON.parse(line.slice(5).trim()) as ChatEvent;
          if (event.type !== 'chunk') finished = true;
          onEvent(event);
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (signal.aborted) return;
    throw error;
  }
  if (!finished && !signal.aborted) onEvent({ type: 'error', message: 'interrupted' });
}
