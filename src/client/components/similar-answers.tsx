import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { similarQuery } from '../data/chloe';
import { useTranslation } from '../lib/i18n';

/** How long typing pauses before the draft is looked up. */
const PAUSE_MS = 600;
/** A draft shorter than this says too little to look up. */
const MIN_CHARS = 12;

/** The text once typing has paused. */
function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

/**
 * While a question is being written: up to three community questions a person has answered and the articles Chloe
 * would cite, in the reader's language. A question opens in the app (the dialog closes; the draft is kept in memory),
 * an article's official page in a new tab.
 */
export function SimilarAnswers({ text, onOpen }: { text: string; onOpen: () => void }) {
  const { t, locale } = useTranslation();
  const paused = usePaused(text.trim());
  const query = useQuery(similarQuery(paused.length >= MIN_CHARS ? paused : '', locale));
  const found = paused.length >= MIN_CHARS ? query.data : undefined;
  if (!found || (found.questions.length === 0 && found.articles.length === 0)) return null;
  return (
    <section
      aria-labelledby="similar-answers-title"
      className="rounded-xl border border-brand-100 bg-brand-50 p-3"
    >
      <h3 id="similar-answers-title" className="font-semibold text-slate-900">
        {t('ask.similarTitle')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('ask.similarText')}</p>
      {found.questions.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-medium text-slate-800">{t('ask.similarQuestions')}</h4>
          <ul className="mt-1 space-y-1">
            {found.questions.map((question) => (
              <li key={question.id}>
                <Link
                  to={`/questions/${encodeURIComponent(question.id)}`}
                  onClick={onOpen}
                  className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
                >
                  {question.title}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {found.articles.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-medium text-slate-800">{t('ask.similarArticles')}</h4>
          <ul className="mt-1 space-y-2">
            {found.articles.map((article) => (
              <li key={article.id}>
                <p className="font-medium text-slate-900">{article.title}</p>
                <p className="text-sm text-slate-700">{article.summary}</p>
                <a
                  href={article.source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-800 underline"
                >
                  {t('ask.officialPage', { title: article.source.title })}
                  <ExternalLink aria-hidden="true" className="h-4 w-4 shrink-0" />
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
