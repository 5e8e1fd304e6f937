import { Flag } from 'lucide-react';
import { useState } from 'react';
import { ReportForm } from '../../components/report-form';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useLoginRequired } from '../../components/use-login-required';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useReport, type Post } from '../../data/posts';
import { toast } from '../../lib/toast';

/** Report, and the dialog that asks why: a question or a reply goes to the moderators. */
export function ReportButton({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const [open, setOpen] = useState(false);
  const report = useReport({
    meta: { errorTitle: 'questions.reportFailed' },
    onSuccess: () => {
      toast({ title: t('questions.reportSent') });
      setOpen(false);
    },
  });
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => (user ? setOpen(true) : loginRequired('questions.loginToReply'))}
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t('questions.report')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('questions.reportTitle')}
        description={t('questions.reportText')}
      >
        <ReportForm
          failedTitle="questions.reportFailed"
          pending={report.isPending}
          onSubmit={(input) => report.mutate({ post, input })}
          onCancel={() => setOpen(false)}
        />
      </Modal>
    </>
  );
}
