import { useTranslation } from '../lib/i18n';
import { hostName } from './contact-facts';

/**
 * "Source: <site>" for a directory entry, the site opening in a new tab (`full`: the whole address, where a heading
 * already says it is the source); or, for an entry whose only sources were weak (a blog, a news story, an
 * aggregator), that no official source has been found yet: never a weak link. The short link carries "Source:"
 * for screen readers, so it is not taken for the organisation's own website.
 */
export function SourceLink({ url, full = false }: { url: string | null; full?: boolean }) {
  const { t } = useTranslation();
  if (!url) return <>{t('resources.noSource')}</>;
  const opensInNewTab = <span className="sr-only"> {t('nav.opensInNewTab')}</span>;
  if (full)
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="break-all underline">
        {url}
        {opensInNewTab}
      </a>
    );
  return (
    <>
      <span aria-hidden="true">{t('resources.source')} </span>
      <a href={url} target="_blank" rel="noopener noreferrer" className="break-all underline">
        <span className="sr-only">{t('resources.source')}</span> {hostName(url)}
        {opensInNewTab}
      </a>
    </>
  );
}
