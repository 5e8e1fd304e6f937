import { useEffect } from 'react';
import { useTranslation } from './i18n';

/**
 * The tab's title and the page's description follow the screen, in the reader's language: "Local Resources ·
 * Mentor Me". The description is what search engines show under the title.
 */
export function useDocumentTitle(title: string, description?: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title && title !== appName ? `${title} · ${appName}` : appName;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description, appName]);
}
