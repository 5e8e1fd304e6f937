import { BookmarkCheck, BookmarkPlus } from 'lucide-react';
import { useTranslation } from '../lib/i18n';
import { useMyList } from '../lib/my-list';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

/**
 * Saves an organisation in My list on this device, or takes it out: a toggle button (pressed when saved) whose
 * words say which it is; screen readers hear the organisation's name too.
 */
export function SaveToMyList({ id, name, size = 'sm' }: { id: string; name: string; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const myList = useMyList();
  const saved = myList.has(id);
  return (
    <Button
      variant={saved ? 'primary' : 'secondary'}
      size={size}
      aria-pressed={saved}
      onClick={() => {
        if (myList.toggle({ id, name }) === 'full') toast({ title: t('directory.myList.full') });
      }}
    >
      {saved ? (
        <BookmarkCheck aria-hidden="true" className="h-4 w-4" />
      ) : (
        <BookmarkPlus aria-hidden="true" className="h-4 w-4" />
      )}
      {t(saved ? 'directory.myList.saved' : 'directory.myList.save')}
      <span className="sr-only">: {name}</span>
    </Button>
  );
}
