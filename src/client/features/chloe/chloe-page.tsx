import '../../lib/page-texts';
import { useRef, useState } from 'react';
import { Page } from '../../components/page';
import { useTranslation } from '../../lib/i18n';
import { ChloeIntro } from './chloe-intro';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { PromptSuggestions } from './prompt-suggestions';
import { useChloeChat } from './use-chloe-chat';

export function ChloePage() {
  const { t } = useTranslation();
  const chat = useChloeChat();
  const [input, setInput] = useState('');
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

  return (
    <Page title={t('frames.chloeTitle')} lead={t('frames.chloeText')} width="medium">
      <section className="flex flex-col rounded-xl border border-slate-200 bg-white shadow-sm">
        <ChloeIntro />
        <MessageList messages={chat.messages} pending={chat.pending} onRetry={chat.retry} />
        {chat.messages.length === 0 && <PromptSuggestions onPick={pick} />}
        <Composer
          value={input}
          onChange={setInput}
          onSend={send}
          onStop={chat.stop}
          pending={chat.pending}
          inputRef={inputRef}
        />
      </section>
    </Page>
  );
}
