import { useDocumentTitle } from '../lib/document-title';
import { useTranslation } from '../lib/i18n';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../components/ui/button';

/** The crash screen shown by the error boundary. */
export function CrashScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('crash.title'));
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('crash.title')}</h1>
      <p className="mt-3 text-slate-700">{t('crash.text')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>{t('crash.reload')}</Button>
        <a href="/" className={buttonClasses('secondary')}>
          {t('crash.home')}
        </a>
      </div>
    </div>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-5xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-3 text-slate-700">{t('notFound.text')}</p>
      <Link to="/" className={`${buttonClasses('primary')} mt-6`}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
