import type { AdminPerson } from '../../../shared/schemas/admin';
import { useTranslation } from '../../lib/i18n';

/** Who wrote something: the name, the role when it is not a student's, or that the account is gone. */
export function Person({ person }: { person: AdminPerson | null }) {
  const { t } = useTranslation();
  if (!person) return <span className="text-slate-600 italic">{t('admin.list.deletedAccount')}</span>;
  return (
    <span>
      {person.displayName}
      {person.role !== 'student' && <span className="text-slate-600"> · {t(`roles.${person.role}`)}</span>}
    </span>
  );
}
