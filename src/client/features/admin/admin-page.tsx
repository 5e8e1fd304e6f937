import { useTranslation } from '../../lib/i18n';
import { Page } from '../../components/page';

export function AdminPage() {
  const { t } = useTranslation();
  return <Page title={t('frames.adminTitle')} lead={t('frames.adminText')} />;
}
