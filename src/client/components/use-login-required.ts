import { useLocation, useNavigate } from 'react-router';
import { UI } from '../../shared/constants';
import { useTranslation, type MessageKey } from '../lib/i18n';
import { toast } from '../lib/toast';

/**
 * Visitors who try to like, save, reply or report are told to sign in and taken to the sign-in page after
 * the spec's delay, which brings them back here afterwards.
 */
export function useLoginRequired() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (messageKey: MessageKey) => {
    toast({ title: t('questions.loginRequired'), description: t(messageKey), variant: 'destructive' });
    const next = encodeURIComponent(location.pathname + location.search);
    setTimeout(() => navigate(`/login?next=${next}`), UI.loginRedirectDelayMs);
  };
}
