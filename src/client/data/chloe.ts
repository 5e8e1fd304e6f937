import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { MISS_LIMITS } from '../../shared/chloe';
import type {
  ChatEvent,
  ChatTurnInput,
  ChloeFeedbackInput,
  ChloeMissReport,
  ChloeReplyStatus,
  SimilarResponse,
} from '../../shared/schemas/ai';
import { ApiError, api, queryString, request } from '../lib/api';
import { i18n } from '../lib/i18n';
import { withConfig, type MutationConfig } from '../lib/mutation';

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

/** How often an answer is asked for again when the server restarts under it, and how long to wait first. */
const RESTARTS = 2;
const RESTART_WAIT_MS = 500;

/**
 * Sends a message to Chloe and calls `onEvent` for each event as it arrives. A non-OK answer (bad input, rate
 * limit) throws an ApiError with the server's message; a stream that ends without `done` or `error` gives an
 * `error` event; an abort stops quietly. When the server restarts (a `retry` event, or a 503 before the stream
 * began) the message is sent again after a moment, up to twice: `retry` tells the caller to drop what it has so far.
 */
export async function streamChat(
  body: { message: string; history: ChatTurnInput[] },
  onEvent: (event: ChatEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    let outcome: 'finished' | 'restart';
    try {
      outcome = await streamOnce(body, onEvent, signal);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 503 && attempt < RESTARTS)) throw error;
      outcome = 'restart';
    }
    if (outcome === 'finished' || signal.aborted) return;
    if (attempt >= RESTARTS) {
      onEvent({ type: 'error', message: 'interrupted' });
      return;
    }
    onEvent({ type: 'retry' });
    await new Promise((resolve) => setTimeout(resolve, RESTART_WAIT_MS * (attempt + 1)));
    if (signal.aborted) return;
  }
}

async function streamOnce(
  body: { message: string; history: ChatTurnInput[] },
  onEvent: (event: ChatEvent) => void,
  signal: AbortSignal,
): Promise<'finished' | 'restart'> {
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
        if (event.type === 'retry') {
          await reader.cancel().catch(() => undefined);
          return 'restart';
        }
        if (event.type !== 'chunk') finished = true;
        onEvent(event);
      }
    }
  } catch (error) {
    if (signal.aborted) return 'finished';
    throw error;
  }
  if (!finished && !signal.aborted) onEvent({ type: 'error', message: 'interrupted' });
  return 'finished';
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

/** Sends a thumbs up or down on one of Chloe's answers, with the turns up to it when the person shares them. */
export function useSendChloeFeedback(config: MutationConfig<{ id: string }, ChloeFeedbackInput> = {}) {
  return useMutation(
    withConfig(config, {
      mutationFn: (body: ChloeFeedbackInput) =>
        api<{ id: string }>('/api/ai/feedback', { method: 'POST', body }),
    }),
  );
}

/**
 * The person took their question to the community right after Chloe's answer: it joins her misses (the text only).
 * Nothing is shown if it fails: the question itself is posted.
 */
export function reportAskedCommunity(question: string): void {
  const body: ChloeMissReport = {
    question: question.slice(0, MISS_LIMITS.questionMax),
    kind: 'asked-community',
  };
  void api('/api/ai/misses', { method: 'POST', body }).catch(() => undefined);
}

/**
 * What already answers a question being written: community questions a person answered and the articles Chloe
 * would cite, in the reader's language (hence the locale in the key). The last answer stays while the next loads.
 */
export const similarQuery = (text: string, locale: string) =>
  queryOptions({
    queryKey: ['similar', text, locale] as const,
    queryFn: ({ signal }) => api<SimilarResponse>(`/api/ai/similar${queryString({ q: text })}`, { signal }),
    enabled: text.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const chloeReplyKeys = { status: (questionId: string) => ['chloe-reply', questionId] as const };

/** Where Chloe's reply to a question stands, asked for while the asker waits for it (what-comes-next.tsx). */
export const chloeReplyQuery = (questionId: string, waiting: boolean) =>
  queryOptions({
    queryKey: chloeReplyKeys.status(questionId),
    queryFn: ({ signal }) =>
      api<{ status: ChloeReplyStatus }>(`/api/ai/replies/${encodeURIComponent(questionId)}`, { signal }),
    enabled: waiting,
  });
