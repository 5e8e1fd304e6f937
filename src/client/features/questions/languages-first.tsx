import { useState } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { languageName, localesOf, type Locale } from '../../../shared/languages';
import { useTranslation } from '../../lib/i18n';

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.languagesFirst) === 'true';
  } catch {
    return false;
  }
}

/**
 * "My languages first", a setting kept on this device: the page's language and the ones the browser says its reader
 * prefers (`navigator.languages`), among those the site speaks.
 */
export function useLanguagesFirst() {
  const { locale } = useTranslation();
  const [on, setOn] = useState(stored);
  const languages: Locale[] = localesOf([locale, ...(globalThis.navigator?.languages ?? [])]);
  const set = (next: boolean) => {
    setOn(next);
    try {
      if (next) globalThis.localStorage?.setItem(STORAGE_KEYS.languagesFirst, 'true');
      else globalThis.localStorage?.removeItem(STORAGE_KEYS.languagesFirst);
    } catch {
      // Storage blocked: the setting lasts as long as the page.
    }
  };
  return { on, languages, set };
}

/** The feed's setting, with what it does in words: every question is still shown. */
export function LanguagesFirstToggle({ state }: { state: ReturnType<typeof useLanguagesFirst> }) {
  const { t, locale } = useTranslation();
  const names = state.languages.map((code) => languageName(code, locale)).join(', ');
  return (
    <div className="flex items-start gap-2">
      <input
        id="languages-first"
        type="checkbox"
        checked={state.on}
        onChange={(event) => state.set(event.target.checked)}
        aria-describedby="languages-first-hint"
        className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
      />
      <div>
        <label htmlFor="languages-first" className="font-medium text-slate-800">
          {t('questions.languagesFirst')}
        </label>
        <p id="languages-first-hint" className="text-sm text-slate-600">
          {t('questions.languagesFirstHint', { languages: names })}
        </p>
      </div>
    </div>
  );
}
