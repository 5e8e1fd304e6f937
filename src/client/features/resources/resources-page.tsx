import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/page';

export function ResourcesPage() {
  const { t } = useTranslation();
  return <Page title={t('frames.resourcesTitle')} lead={t('frames.resourcesText')} />;
}
