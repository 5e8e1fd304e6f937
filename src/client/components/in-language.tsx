import type { ElementType } from 'react';
import { LANGUAGES, localized, type Locale } from '../../shared/languages';

/**
 * A text in the reader's language, or, where it has not been written in theirs, in English marked `lang="en"` (so a
 * screen reader reads it as English and the page's fonts fit it).
 */
export function InLanguage({
  text,
  locale,
  as: Tag = 'span',
  className,
}: {
  text: { en: string } & { [L in Locale]?: string };
  locale: Locale;
  as?: ElementType;
  className?: string;
}) {
  const shown = localized(text, locale);
  return (
    <Tag lang={shown.locale === locale ? undefined : shown.locale} className={className}>
      {shown.value}
    </Tag>
  );
}

/**
 * Under a directory entry whose own texts the reader is shown in English (no checked translation in their language
 * yet): it says so, with the free interpreting line beside it.
 */
export function InEnglishNote({ shown, locale, text }: { shown: Locale; locale: Locale; text: string }) {
  if (shown === locale) return null;
  return (
    <p className="text-sm text-slate-700">
      {text}{' '}
      <a href="tel:131450" className="font-semibold text-brand-800 underline">
        131 450
      </a>
    </p>
  );
}

/** The options of a select of our languages, each by its own name and marked with its language. */
export function LanguageOptions() {
  return LANGUAGES.map((entry) => (
    <option key={entry.code} value={entry.code} lang={entry.code}>
      {entry.ownName}
    </option>
  ));
}
