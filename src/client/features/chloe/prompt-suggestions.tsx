import { useTranslation, type MessageKey } from '../../lib/i18n';

const PROMPT_KEYS: MessageKey[] = [
  'chloe.prompt1',
  'chloe.prompt2',
  'chloe.prompt3',
  'chloe.prompt4',
  'chloe.prompt5',
];
const PROMPTS_SHOWN = 3;
const PROMPT_MAX = 40;

function truncate(text: string): string {
  return text.length > PROMPT_MAX ? `${text.slice(0, PROMPT_MAX)}…` : text;
}

/** Questions to start with, shortened on their chips; a chip puts its whole question in the input. */
export function PromptSuggestions({ onPick }: { onPick: (prompt: string) => void }) {
  const { t } = useTranslation();
  const prompts = PROMPT_KEYS.slice(0, PROMPTS_SHOWN).map((key) => t(key));
  return (
    <div className="px-4 pb-2">
      <h3 className="text-sm font-medium text-slate-800">{t('chloe.suggestions')}</h3>
      <ul className="mt-2 flex flex-wrap gap-2">
        {prompts.map((prompt) => (
          <li key={prompt}>
            <button
              type="button"
              title={prompt}
              onClick={() => onPick(prompt)}
              className="rounded-full bg-white px-3 py-1.5 text-left text-sm text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {truncate(prompt)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
