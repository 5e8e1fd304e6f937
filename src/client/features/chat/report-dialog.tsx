import { ReportForm } from '../../components/report-form';
import { Modal } from '../../components/ui/modal';
import { useReportConversation } from '../../data/chat';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/** Reports the conversation, or one message of it when `messageId` is given, to the moderators. */
export function ReportDialog({
  conversationId,
  target,
  onClose,
}: {
  conversationId: string;
  /** null: closed; `{}`: the conversation; `{ messageId }`: one message. */
  target: { messageId?: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportConversation({
    meta: { errorTitle: 'chat.reportFailed' },
    onSuccess: () => {
      toast({ title: t('chat.reported') });
      onClose();
    },
  });
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target?.messageId ? t('chat.reportMessage') : t('chat.reportTitle')}
      description={t('chat.reportText')}
    >
      <ReportForm
        failedTitle="chat.reportFailed"
        pending={report.isPending}
        onCancel={onClose}
        onSubmit={(input) =>
          report.mutate({ conversationId, input: { ...input, messageId: target?.messageId } })
        }
      />
    </Modal>
  );
}
