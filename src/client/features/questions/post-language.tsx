import { Languages } from 'lucide-react';
import { useId, useState } from 'react';
import { isLocale, languageName, type Locale } from '../../../shared/languages';
import { LanguageOptions } from '../../components/in-language';
import { Button } from '../../components/ui/button';
import { useSetPostLanguage, useTranslatePost, type Post } from '../../data/posts';
import { usePublicConfig } from '../../lib/config';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** A post as the language line reads it: which it is, the language it is written in, and whether it is the reader's. */
export type PostInLanguage = Post & { language: Locale; isOwn: boolean };

/**
 * A post's translation into the reader's language, on request: offered when it is written in another language and
 * the site has a model; made once (the server keeps it), then shown or hidden with a tap.
 */
export function usePostTranslation(post: PostInLanguage) {
  const { locale } = useTranslation();
  const config = usePublicConfig();
  const [wanted, setWanted] = useState(false);
  const translate = useTranslatePost({ meta: { errorTitle: 'questions.translateFailed' } });
  const made = translate.data?.language === locale ? translate.data : undefined;
  return {
    offered: post.language !== locale && config?.machineTranslation === true,
    shown: wanted ? made : undefined,
    pending: translate.isPending,
    show: () => {
      setWanted(true);
      if (!made) translate.mutate({ post, language: locale }, { onError: () => setWanted(false) });
    },
    hide: () => setWanted(false),
  };
}
export type PostTranslationState = ReturnType<typeof usePostTranslation>;

/**
 * Under a post: the language it is written in when it is not the reader's, and "Translate" (or, once translated,
 * "Translated by machine from …" and "Show Original"). Its author can correct the language.
 */
export function PostLanguage({
  post,
  translation,
}: {
  post: PostInLanguage;
  translation: PostTranslationState;
}) {
  const { t, locale } = useTranslation();
  const selectId = useId();
  const setLanguage = useSetPostLanguage({
    meta: { errorTitle: 'questions.languageFailed' },
    onSuccess: () => toast({ title: t('questions.languageSaved') }),
  });
  if (post.language === locale && !post.isOwn) return null;
  const from = languageName(post.language, locale);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
      {translation.shown ? (
        <p className="font-medium">{t('questions.translatedFrom', { language: from })}</p>
      ) : (
        post.language !== locale && !post.isOwn && <p>{t('questions.writtenIn', { language: from })}</p>
      )}
      {translation.offered && (
        <Button
          variant="secondary"
          size="sm"
          disabled={translation.pending}
          onClick={translation.shown ? translation.hide : translation.show}
        >
          <Languages aria-hidden="true" className="h-4 w-4" />
          {translation.shown
            ? t('questions.showOriginal')
            : translation.pending
              ? t('questions.translating')
              : t('questions.translate')}
        </Button>
      )}
      {post.isOwn && (
        <span className="flex items-center gap-2">
          <label htmlFor={selectId}>{t('questions.postLanguage')}</label>
          <select
            id={selectId}
            value={post.language}
            disabled={setLanguage.isPending}
            onChange={(event) => {
              const language = event.target.value;
              if (isLocale(language)) setLanguage.mutate({ post, language });
            }}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
          >
            <LanguageOptions />
          </select>
        </span>
      )}
    </div>
  );
}
