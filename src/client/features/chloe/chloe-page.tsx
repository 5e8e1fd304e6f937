import '../../lib/page-texts';
import { Trash2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';
import { useLoginRequired } from '../../components/use-login-required';
import { useAuth } from '../../lib/auth';
import { reportAskedCommunity } from '../../data/chloe';
import { useTranslation, withTexts } from '../../lib/i18n';
import { ChloeIntro } from './chloe-intro';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { PromptSuggestions } from './prompt-suggestions';
import { useChloeChat } from './use-chloe-chat';

/** The Ask a Question dialog (with its form validation) loads when Chloe's reader first asks the community. */
const AskDialog = lazy(() =>
  withTexts(import('../../components/ask-dialog')).then((m) => ({ default: m.AskDialog })),
);

const TITLE_MAX = 200;

/** A question to Chloe as a community question's title: on one line, shortened to fit. */
function titleOf(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  return line.length <= TITLE_MAX ? line : `${line.slice(0, TITLE_MAX - 1).trimEnd()}…`;
}

export function ChloePage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const chat = useChloeChat();
  const [input, setInput] = useState('');
  // The question being asked in the community: one Chloe had nothing on, or one she answered (`afterAnswer`).
  const [asking, setAsking] = useState<{ question: string; afterAnswer: boolean } | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const send = () => {
    const question = input.trim();
    if (!question || chat.pending) return;
    setInput('');
    chat.send(question);
  };
  const pick = (prompt: string) => {
    setInput(prompt);
    inputRef.current?.focus();
  };
  // The button goes with the conversation: the reader goes on from the message box.
  const clear = () => {
    chat.clear();
    inputRef.current?.focus();
  };
  // A visitor is asked to sign in, as on the feed; the conversation is still here when they come back.
  const askCommunity = (question: string, afterAnswer: boolean) =>
    user ? setAsking({ question, afterAnswer }) : loginRequired('chloe.askLoginRequired');

  return (
    // On a phone Chloe's own header stands for the page's title: the conversation takes the screen.
    <Page title={t('frames.chloeTitle')} lead={t('frames.chloeText')} width="medium" fill quiet>
      <section className="flex min-h-0 flex-1 flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
        {/* On a phone who Chloe is scrolls with the conversation, above it, so the messages have the screen. */}
        <div className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain lg:contents">
          <ChloeIntro />
          <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <p className="min-w-0 flex-1 basis-60 text-sm text-slate-700">{t('chloe.keptOnDevice')}</p>
            {chat.messages.length > 0 && (
              <Button variant="secondary" onClick={clear}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                {t('chloe.clear')}
              </Button>
            )}
          </div>
          <MessageList
            messages={chat.messages}
            pending={chat.pending}
            onRetry={chat.retry}
            onAsk={askCommunity}
            onRated={chat.rated}
          />
          {chat.messages.length === 0 && <PromptSuggestions onPick={pick} />}
        </div>
        <Composer
          value={input}
          onChange={setInput}
          onSend={send}
          onStop={chat.stop}
          pending={chat.pending}
          inputRef={inputRef}
        />
      </section>
      {user && asking !== null && (
        <Suspense fallback={null}>
          <AskDialog
            open
            onClose={() => setAsking(null)}
            initialTitle={titleOf(asking.question)}
            initialContent={asking.question}
            // Taken to the community after an answer: Chloe missed (one she had nothing on is a miss already).
            onPosted={asking.afterAnswer ? () => reportAskedCommunity(asking.question) : undefined}
          />
        </Suspense>
      )}
    </Page>
  );
}
