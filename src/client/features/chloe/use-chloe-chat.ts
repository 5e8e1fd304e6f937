import { useEffect, useRef, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chloe';
import type { ChatSource } from '../../../shared/schemas/ai';
import { chatFailure, streamChat } from '../../lib/chloe';
import { useTranslation } from '../../lib/i18n';
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
};

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
 * The conversation with Chloe, held in the page: each answer streams into its message; Stop aborts it, a failure
 * is toasted and offers Retry. Leaving the page stops an answer still streaming.
 */
export function useChloeChat() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Message[]>([]);
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

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
            update(answerId, (m) => ({ ...m, status: 'done', sources: event.sources }));
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

  return { messages, pending, send, retry, stop };
}
