import { Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { useDeletePost, type Post } from '../../data/posts';
import { toast } from '../../lib/toast';

/** Delete, for the author or an admin, after the browser's confirm with `confirmKey`'s text. */
export function DeleteButton({
  post,
  confirmKey,
  onDeleted,
}: {
  post: Post;
  confirmKey: MessageKey;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeletePost({
    meta: { errorTitle: 'questions.deleteFailed' },
    onSuccess: () => {
      toast({ title: t('questions.deleted') });
      onDeleted?.();
    },
  });
  const onClick = () => {
    if (window.confirm(t(confirmKey))) remove.mutate(post);
  };
  return (
    <Button variant="ghost" size="sm" onClick={onClick}>
      <Trash2 aria-hidden="true" className="h-4 w-4" />
      {t('questions.delete')}
    </Button>
  );
}
