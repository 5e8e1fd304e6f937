import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/page';

export function ChloePage() {
  const { t } = useTranslation();
  return <Page title={t('frames.chloeTitle')} lead={t('frames.chloeText')} />;
}
