import type { FormEvent, ReactNode } from 'react';
import { ADMIN_LIMITS, adminReasonSchema } from '../../../shared/schemas/admin';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { TextAreaField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useTranslation, type MessageKey } from '../../lib/i18n';

/**
 * Asks before an admin action, on the app's modal (the browser's <dialog>: focus stays inside, Escape cancels,
 * focus returns to the button that opened it). The title is the question the spec words; the optional reason
 * goes to the audit log with the action.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  pending,
  failedTitle,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** The toast title when the reason is refused. */
  failedTitle: MessageKey;
  onConfirm: (reason: string | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = adminReasonSchema.safeParse(String(new FormData(event.currentTarget).get('reason') ?? ''));
    if (!parsed.success) return toastInvalid(failedTitle, parsed.error);
    onConfirm(parsed.data || undefined);
  };
  return (
    <Modal open={open} onClose={onClose} title={title} description={description}>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextAreaField
          label={t('admin.list.reason')}
          hint={t('admin.list.reasonHint')}
          name="reason"
          rows={2}
          maxLength={ADMIN_LIMITS.reasonMax}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
