import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../../shared/constants';
import { localesOf, type Locale } from '../../../shared/languages';
import { useTranslation } from '../../lib/i18n';

const listeners = new Set<() => void>();

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEYS.languagesFirst) === 'true';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.languagesFirst || event.key === null) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function store(on: boolean) {
  try {
    if (on) globalThis.localStorage?.setItem(STORAGE_KEYS.languagesFirst, 'true');
    else globalThis.localStorage?.removeItem(STORAGE_KEYS.languagesFirst);
  } catch {
    // Storage blocked: the setting lasts until the page is left.
  }
  listeners.forEach((listener) => listener());
}

/**
 * "My languages first", a setting kept on this device: the page's language and the ones the browser says its reader
 * prefers (`navigator.languages`), among those the site speaks. Off in the page's frame, which the server draws for
 * everyone; the app then reads the device's setting.
 */
export function useLanguagesFirst() {
  const { locale } = useTranslation();
  const on = useSyncExternalStore(subscribe, stored, () => false);
  const languages: Locale[] = on ? localesOf([locale, ...(globalThis.navigator?.languages ?? [])]) : [];
  return { on, languages, set: store };
}

/** The feed's setting, with what it does in words: every question is still shown. */
export function LanguagesFirstToggle({ state }: { state: ReturnType<typeof useLanguagesFirst> }) {
  const { t } = useTranslation();
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
          {t('questions.languagesFirstHint')}
        </p>
      </div>
    </div>
  );
}
