import { useTranslation } from '../lib/i18n';
import { Button } from './ui/button';
import { Card } from './ui/card';

/**
 * A list or page that could not be loaded says so where it would have been, with a way to ask again (a toast may
 * have said it too, but it goes away).
 */
export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card role="alert" className="mt-4 text-center">
      <p className="text-red-800">{text}</p>
      <Button variant="secondary" className="mt-3" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Card>
  );
}
