import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/page';

export function GovernmentPage() {
  const { t } = useTranslation();
  return <Page title={t('frames.governmentTitle')} lead={t('frames.governmentText')} />;
}
