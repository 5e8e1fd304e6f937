import { useResendVerification } from '../data/account';
import { useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

/** Sends the link that confirms the signed-in person's address (`email`) again, and says so. */
export function ResendLinkButton({
  email,
  label,
  busyLabel,
  className,
}: {
  email: string;
  label: string;
  busyLabel: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const resend = useResendVerification({
    meta: { errorTitle: 'auth.resendFailed' },
    onSuccess: () => toast({ title: t('auth.linkResent', { email }) }),
  });
  return (
    <Button
      variant="secondary"
      className={className}
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      {resend.isPending ? busyLabel : label}
    </Button>
  );
}
