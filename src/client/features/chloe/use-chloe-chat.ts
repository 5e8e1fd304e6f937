import { useEffect, useRef, useState } from 'react';
import { CHLOE_STORAGE_KEY, CHAT_LIMITS, FEEDBACK_LIMITS, type FeedbackRating } from '../../../shared/chloe';
import type { ChatSource, ChatTurnInput } from '../../../shared/schemas/ai';
import { chatFailure, streamChat } from '../../data/chloe';
import { mayKeepChloeConversation } from '../../lib/chloe-conversation';
import { useTranslation } from '../../lib/i18n';
import { useAsFramed } from '../../lib/page-frame';
import { toast } from '../../lib/toast';

export type Message = {
  id: number;
  role: 'user' | 'chloe';
  content: string;
  at: Date;
  status: 'done' | 'streaming' | 'failed' | 'stopped';
  sources?: ChatSource[];
  /** The question a Chloe message answers, for Retry. */
  question?: string;
  /** Chloe found no source for the question: the page offers to ask a person. */
  nothingFound?: boolean;
  /** The rating the person sent about this answer, so it is not asked for twice. */
  feedback?: FeedbackRating;
};

/** How much of the conversation is kept on the device (under CHLOE_STORAGE_KEY). */
export const STORED_MESSAGES_MAX = 50;
/** While an answer streams, the conversation is written at most this often. */
const SAVE_WHILE_STREAMING_MS = 1_000;

const STATUSES: readonly Message['status'][] = ['done', 'streaming', 'failed', 'stopped'];

/** One stored message, or undefined when it is not one (written by another version, or changed by hand). */
function readMessage(value: unknown): Message | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const m = value as Record<string, unknown>;
  const at = typeof m.at === 'string' ? new Date(m.at) : undefined;
  if (
    typeof m.id !== 'number' ||
    (m.role !== 'user' && m.role !== 'chloe') ||
    typeof m.content !== 'string' ||
    !at ||
    Number.isNaN(at.getTime()) ||
    !STATUSES.includes(m.status as Message['status'])
  )
    return undefined;
  const sources = Array.isArray(m.sources)
    ? m.sources.filter(
        (s): s is ChatSource =>
          typeof s === 'object' &&
          s !== null &&
          typeof (s as ChatSource).title === 'string' &&
          typeof (s as ChatSource).url === 'string',
      )
    : undefined;
  return {
    id: m.id,
    role: m.role,
    content: m.content,
    at,
    // The page was left while it streamed: that answer will not go on.
    status: m.status === 'streaming' ? 'stopped' : (m.status as Message['status']),
    ...(sources ? { sources } : {}),
    ...(typeof m.question === 'string' ? { question: m.question } : {}),
    ...(m.nothingFound === true ? { nothingFound: true } : {}),
    ...(m.feedback === 'up' || m.feedback === 'down' ? { feedback: m.feedback } : {}),
  };
}

/** The conversation kept on this device; none when there is none, or it cannot be read. */
export function loadConversation(): Message[] {
  try {
    const stored = localStorage.getItem(CHLOE_STORAGE_KEY);
    if (!stored) return [];
    const parsed = JSON.parse(stored) as unknown;
    if (!Array.isArray(parsed)) return [];
    const messages = parsed.map(readMessage);
    return messages.every((m) => m !== undefined) ? messages.slice(-STORED_MESSAGES_MAX) : [];
  } catch {
    return [];
  }
}

/** Keeps the last messages on this device; a full or blocked storage only means it is not kept. */
function saveConversation(messages: Message[]) {
  if (!mayKeepChloeConversation()) return;
  try {
    if (messages.length === 0) localStorage.removeItem(CHLOE_STORAGE_KEY);
    else localStorage.setItem(CHLOE_STORAGE_KEY, JSON.stringify(messages.slice(-STORED_MESSAGES_MAX)));
  } catch {
    // Private browsing or a full storage: the conversation lives in the page only.
  }
}

let nextId = 1;

/** The recent turns before this question: the server keeps nothing, so the page sends them with each message. */
function historyOf(earlier: Message[]) {
  return earlier
    .filter((message) => message.content && message.status !== 'failed')
    .slice(-CHAT_LIMITS.historyTurns - 1, -1)
    .map(
      (message) =>
        ({ role: message.role === 'user' ? 'user' : 'assistant', content: message.content }) as const,
    );
}

/**
 * The conversation with Chloe, held in the page and kept on this device (localStorage, the last 50 messages), never
 * on the server: each answer streams into its message; Stop aborts it, a failure is toasted and offers Retry.
 * Leaving the page stops an answer still streaming; it comes back as stopped.
 */
export function useChloeChat() {
  const { t } = useTranslation();
  // The conversation kept on the device, read once. The page's frame (drawn by the server) has none: while the app
  // takes the frame over it is drawn without, then with it (lib/page-frame.ts).
  const [stored] = useState(() => {
    const kept = loadConversation();
    nextId = Math.max(nextId, ...kept.map((m) => m.id + 1));
    return kept;
  });
  const shownStored = useAsFramed(stored);
  // Null until the conversation changes here: until then it is the one kept.
  const [changed, setChanged] = useState<Message[] | null>(null);
  const messages = changed ?? shownStored ?? [];
  const setMessages = (next: Message[] | ((list: Message[]) => Message[])) =>
    setChanged((current) => (typeof next === 'function' ? next(current ?? stored) : next));
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef<Message[] | null>(changed);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // Written at once when nothing streams; while an answer streams, now and then rather than at every chunk.
  useEffect(() => {
    latest.current = changed;
    if (!changed) return;
    if (!changed.some((m) => m.status === 'streaming')) {
      clearTimeout(saveTimer.current);
      saveTimer.current = undefined;
      saveConversation(changed);
    } else if (saveTimer.current === undefined) {
      saveTimer.current = setTimeout(() => {
        saveTimer.current = undefined;
        if (latest.current) saveConversation(latest.current);
      }, SAVE_WHILE_STREAMING_MS);
    }
  }, [changed]);

  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(saveTimer.current);
      if (latest.current) saveConversation(latest.current);
    },
    [],
  );

  const update = (id: number, change: (message: Message) => Message) =>
    setMessages((list) => list.map((message) => (message.id === id ? change(message) : message)));

  const interrupted = () =>
    toast({ title: t('chloe.interrupted'), description: t('chloe.interruptedText'), variant: 'destructive' });

  async function ask(question: string, earlier: Message[]) {
    const answerId = nextId++;
    setMessages([
      ...earlier,
      { id: answerId, role: 'chloe', content: '', at: new Date(), status: 'streaming', question },
    ]);
    setPending(true);
    const abort = new AbortController();
    controller.current = abort;
    try {
      await streamChat(
        { message: question, history: historyOf(earlier) },
        (event) => {
          if (event.type === 'chunk') update(answerId, (m) => ({ ...m, content: m.content + event.content }));
          // The server restarted mid-answer: the answer starts again, from another instance.
          else if (event.type === 'retry') update(answerId, (m) => ({ ...m, content: '' }));
          else if (event.type === 'done')
            update(answerId, (m) => ({
              ...m,
              status: 'done',
              sources: event.sources,
              ...(event.nothingFound ? { nothingFound: true } : {}),
            }));
          else {
            update(answerId, (m) => ({ ...m, status: 'failed' }));
            interrupted();
          }
        },
        abort.signal,
      );
      if (abort.signal.aborted) update(answerId, (m) => ({ ...m, status: 'stopped' }));
    } catch (error) {
      if (abort.signal.aborted) {
        update(answerId, (m) => ({ ...m, status: 'stopped' }));
        return;
      }
      update(answerId, (m) => ({ ...m, status: 'failed' }));
      const failure = chatFailure(error);
      if (failure.stage === 'stream') interrupted();
      else
        toast({
          title: t('chloe.messageFailed'),
          description: failure.reason ?? t('chloe.messageFailedText'),
          variant: 'destructive',
        });
    } finally {
      controller.current = null;
      setPending(false);
    }
  }

  /** Asks a question, trimmed and not empty; the composer sends only while no answer is pending. */
  const send = (question: string) => {
    const userMessage: Message = {
      id: nextId++,
      role: 'user',
      content: question,
      at: new Date(),
      status: 'done',
    };
    void ask(question, [...messages, userMessage]);
  };

  /** Asks a failed answer's question again, in its place. */
  const retry = (message: Message) => {
    if (pending || !message.question) return;
    void ask(
      message.question,
      messages.filter((m) => m.id !== message.id),
    );
  };

  const stop = () => controller.current?.abort();

  /** Forgets the conversation, here and on the device; an answer on its way is stopped first. */
  const clear = () => {
    controller.current?.abort();
    setMessages([]);
  };

  /** Notes that the person rated an answer. */
  const rated = (id: number, rating: FeedbackRating) => update(id, (m) => ({ ...m, feedback: rating }));

  return { messages, pending, send, retry, stop, clear, rated };
}

/**
 * The conversation up to and including one answer, as shared with feedback: the turns that were said (not the failed
 * ones), the last 20 of them.
 */
export function turnsUpTo(messages: Message[], answerId: number): ChatTurnInput[] {
  const end = messages.findIndex((message) => message.id === answerId);
  const turns = messages
    .slice(0, end + 1)
    .filter((message) => message.content.trim() && message.status !== 'failed')
    .slice(-FEEDBACK_LIMITS.turnsMax)
    .map((message): ChatTurnInput => ({
      role: message.role === 'user' ? 'user' : 'assistant',
      content: message.content.slice(0, CHAT_LIMITS.historyTurnMax),
    }));
  // The latest turns that fit in the size the server takes.
  let total = 0;
  let start = turns.length;
  while (start > 0 && total + turns[start - 1]!.content.length <= FEEDBACK_LIMITS.conversationChars)
    total += turns[--start]!.content.length;
  return turns.slice(start === turns.length ? turns.length - 1 : start);
}
