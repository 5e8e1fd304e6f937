import '../../lib/page-texts';
import { Phone, RotateCcw, Send, Sparkles, Square } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MARA_REGISTER_URL } from '../../../shared/constants';
import { CHAT_LIMITS, type ChatSource } from '../../../shared/schemas/ai';
import { Page } from '../../components/page';
import { Button, buttonClasses } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorMessage } from '../../lib/api';
import { usePublicConfig } from '../../lib/config';
import { relativeTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { Markdown } from '../../components/markdown';
import { streamChat } from './stream';

const PROMPTS_SHOWN = 3;
const PROMPT_MAX = 40;

type Message = {
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

function truncate(text: string): string {
  return text.length > PROMPT_MAX ? `${text.slice(0, PROMPT_MAX)}…` : text;
}

function ChloeAvatar() {
  return (
    <span
      aria-hidden="true"
      className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white"
    >
      <Sparkles className="h-5 w-5" />
    </span>
  );
}

function TypingDots() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-1 py-1" role="status">
      <span className="sr-only">{t('chloe.typing')}</span>
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          aria-hidden="true"
          className="h-2 w-2 animate-bounce rounded-full bg-slate-500"
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </span>
  );
}

export function ChloePage() {
  const { t, locale } = useTranslation();
  const config = usePublicConfig();
  const [messages, setMessages] = useState<Message[]>([]);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);
  useEffect(() => () => controller.current?.abort(), []);

  const update = (id: number, change: (message: Message) => Message) =>
    setMessages((list) => list.map((message) => (message.id === id ? change(message) : message)));

  async function ask(question: string, earlier: Message[]) {
    const answerId = nextId++;
    setMessages([
      ...earlier,
      { id: answerId, role: 'chloe', content: '', at: new Date(), status: 'streaming', question },
    ]);
    setPending(true);
    const abort = new AbortController();
    controller.current = abort;
    // The server keeps nothing: the page sends its recent turns (before this question) with each message.
    const history = earlier
      .filter((message) => message.content && message.status !== 'failed')
      .slice(-CHAT_LIMITS.historyTurns - 1, -1)
      .map(
        (message) =>
          ({ role: message.role === 'user' ? 'user' : 'assistant', content: message.content }) as const,
      );
    try {
      await streamChat(
        { message: question, history },
        (event) => {
          if (event.type === 'chunk') update(answerId, (m) => ({ ...m, content: m.content + event.content }));
          else if (event.type === 'done')
            update(answerId, (m) => ({ ...m, status: 'done', sources: event.sources }));
          else {
            update(answerId, (m) => ({ ...m, status: 'failed' }));
            toast({
              title: t('chloe.interrupted'),
              description: t('chloe.interruptedText'),
              variant: 'destructive',
            });
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
      const started = !(error instanceof ApiError);
      toast(
        started
          ? { title: t('chloe.interrupted'), description: t('chloe.interruptedText'), variant: 'destructive' }
          : {
              title: t('chloe.messageFailed'),
              description:
                error.status === 400 || error.status === 429
                  ? errorMessage(error)
                  : t('chloe.messageFailedText'),
              variant: 'destructive',
            },
      );
    } finally {
      controller.current = null;
      setPending(false);
    }
  }

  const send = (text = input) => {
    const question = text.trim();
    if (!question || pending) return;
    setInput('');
    const userMessage: Message = {
      id: nextId++,
      role: 'user',
      content: question,
      at: new Date(),
      status: 'done',
    };
    void ask(question, [...messages, userMessage]);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  const retry = (message: Message) => {
    if (pending || !message.question) return;
    void ask(
      message.question,
      messages.filter((m) => m.id !== message.id),
    );
  };

  const prompts = [1, 2, 3, 4, 5].map((n) => t(`chloe.prompt${n}`)).slice(0, PROMPTS_SHOWN);
  const callUrl = config.data?.chloeCallUrl;

  return (
    <Page title={t('frames.chloeTitle')} lead={t('frames.chloeText')} width="medium">
      <section className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 p-4">
          <ChloeAvatar />
          <div className="flex-1">
            <h2 className="text-lg font-semibold text-slate-900">{t('chloe.name')}</h2>
            <p className="flex items-center gap-1.5 text-sm text-slate-700">
              <span aria-hidden="true" className="h-2.5 w-2.5 rounded-full bg-green-600" />
              {t('chloe.online')}
            </p>
          </div>
          {callUrl && (
            <a
              href={callUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'sm')}
            >
              <Phone aria-hidden="true" className="h-4 w-4" />
              {t('chloe.call')}
              <span className="sr-only"> {t('nav.opensInNewTab')}</span>
            </a>
          )}
        </header>
        <p className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {t('chloe.disclaimer')}{' '}
          <a
            href={MARA_REGISTER_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium underline"
          >
            {t('chloe.disclaimerLink')}
            <span className="sr-only"> {t('nav.opensInNewTab')}</span>
          </a>
          .
        </p>

        <div
          role="log"
          aria-label={t('chloe.conversation')}
          className="max-h-[60vh] min-h-80 space-y-4 overflow-y-auto p-4"
          tabIndex={0}
        >
          <div className="flex gap-3">
            <ChloeAvatar />
            <div className="rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">
              <p>{t('chloe.greeting')}</p>
            </div>
          </div>
          {messages.map((message) =>
            message.role === 'user' ? (
              <div key={message.id} className="flex flex-col items-end">
                <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-700 px-4 py-3 whitespace-pre-wrap text-white">
                  <span className="sr-only">{t('chloe.you')}: </span>
                  {message.content}
                </div>
                <time className="mt-1 text-xs text-slate-600" dateTime={message.at.toISOString()}>
                  {relativeTime(message.at, locale, t('time.justNow'))}
                </time>
              </div>
            ) : (
              <div key={message.id} className="flex gap-3">
                <ChloeAvatar />
                <div className="min-w-0 max-w-[85%]">
                  <div className="rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3 text-slate-900">
                    <span className="sr-only">{t('chloe.name')}: </span>
                    {message.content ? (
                      <Markdown text={message.content} />
                    ) : (
                      message.status === 'streaming' && <TypingDots />
                    )}
                    {message.status === 'stopped' && (
                      <p className="mt-2 text-sm text-slate-600">{t('chloe.stopped')}</p>
                    )}
                    {message.sources && message.sources.length > 0 && (
                      <div className="mt-3 border-t border-slate-300 pt-2 text-sm">
                        <h3 className="font-semibold">{t('chloe.sources')}</h3>
                        <ol className="mt-1 list-decimal space-y-1 pl-5">
                          {message.sources.map((source) => (
                            <li key={source.url}>
                              <a
                                href={source.url}
                                {...(source.url.startsWith('/')
                                  ? {}
                                  : { target: '_blank', rel: 'noopener noreferrer' })}
                                className="underline"
                              >
                                {source.title}
                              </a>
                            </li>
                          ))}
                        </ol>
                      </div>
                    )}
                  </div>
                  <div className="mt-1 flex items-center gap-2">
                    <time className="text-xs text-slate-600" dateTime={message.at.toISOString()}>
                      {relativeTime(message.at, locale, t('time.justNow'))}
                    </time>
                    {message.status === 'failed' && (
                      <Button variant="secondary" size="sm" onClick={() => retry(message)} disabled={pending}>
                        <RotateCcw aria-hidden="true" className="h-4 w-4" />
                        {t('chloe.retry')}
                      </Button>
                    )}
                  </div>
                </div>
              </div>
            ),
          )}
          <div ref={endRef} />
        </div>

        {messages.length === 0 && (
          <div className="px-4 pb-2">
            <h3 className="text-sm font-medium text-slate-800">{t('chloe.suggestions')}</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {prompts.map((prompt) => (
                <li key={prompt}>
                  <button
                    type="button"
                    title={prompt}
                    onClick={() => {
                      setInput(prompt);
                      inputRef.current?.focus();
                    }}
                    className="rounded-full bg-white px-3 py-1.5 text-left text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    {truncate(prompt)}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        <form onSubmit={onSubmit} className="flex items-end gap-2 border-t border-slate-200 p-4">
          <div className="flex-1">
            <label htmlFor="chloe-input" className="sr-only">
              {t('chloe.inputLabel')}
            </label>
            <textarea
              id="chloe-input"
              ref={inputRef}
              rows={2}
              value={input}
              maxLength={CHAT_LIMITS.messageMax}
              placeholder={t('chloe.placeholder')}
              disabled={pending}
              aria-describedby="chloe-input-hint"
              onChange={(event) => setInput(event.target.value)}
              onKeyDown={onKeyDown}
              className="block w-full resize-none rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 disabled:bg-slate-100"
            />
            <p id="chloe-input-hint" className="mt-1 text-xs text-slate-600">
              {t('chloe.inputHint')}
            </p>
          </div>
          {pending && (
            <Button variant="secondary" onClick={() => controller.current?.abort()} className="mb-5">
              <Square aria-hidden="true" className="h-4 w-4" />
              {t('chloe.stop')}
            </Button>
          )}
          <Button type="submit" disabled={pending || !input.trim()} className="mb-5">
            <Send aria-hidden="true" className="h-4 w-4" />
            {t('chloe.send')}
          </Button>
        </form>
      </section>
    </Page>
  );
}
