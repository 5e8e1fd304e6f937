import { useQuery } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import {
  SERVICE_NOTE_MAX,
  serviceNoticeBodySchema,
  type ServiceStatusItem,
} from '../../../shared/schemas/government';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField } from '../../components/ui/field';
import { useSetNotice } from '../../data/admin';
import { serviceStatusQuery } from '../../data/government';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ListState } from './data-table';

function NoticeForm({ service }: { service: ServiceStatusItem }) {
  const { t } = useTranslation();
  const headingId = `notice-${service.id}`;
  const form = useRef<HTMLFormElement>(null);
  const save = useSetNotice({
    meta: { errorTitle: 'admin.notices.failed' },
    onSuccess: (_data, { note }) => {
      toast({ title: t(note === null ? 'admin.notices.cleared' : 'admin.notices.saved') });
      // Clearing takes its button away: the reader goes on at the box.
      if (note === null) requestAnimationFrame(() => form.current?.querySelector('textarea')?.focus());
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A notice is one line: line breaks typed in the box become spaces.
    const note = String(new FormData(event.currentTarget).get('note') ?? '').replace(/\s*[\r\n]+\s*/g, ' ');
    const parsed = serviceNoticeBodySchema.safeParse({ note });
    if (!parsed.success) return toastInvalid('admin.notices.failed', parsed.error);
    save.mutate({ id: service.id, note: parsed.data.note });
  };
  return (
    <Card as="article" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {service.name}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {service.note ? (
          <>
            <strong>{t('admin.notices.current')}:</strong> {service.note}
          </>
        ) : (
          t('admin.notices.none')
        )}
      </p>
      <form ref={form} onSubmit={submit} className="mt-3 space-y-3">
        {/* Keyed by the notice shown, so the box follows a change saved here or elsewhere. */}
        <TextAreaField
          key={service.note ?? ''}
          label={t('admin.notices.label', { name: service.name })}
          hint={t('admin.notices.hint')}
          name="note"
          defaultValue={service.note ?? ''}
          maxLength={SERVICE_NOTE_MAX}
          rows={2}
          required
        />
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            size="sm"
            disabled={save.isPending}
            aria-label={t('admin.notices.saveLabel', { name: service.name })}
          >
            {t('admin.notices.save')}
          </Button>
          {service.note && (
            <Button
              variant="secondary"
              size="sm"
              disabled={save.isPending}
              aria-label={t('admin.notices.clearLabel', { name: service.name })}
              onClick={() => save.mutate({ id: service.id, note: null })}
            >
              {t('admin.notices.clear')}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

/** Notices on the official online services, shown under them on the Government page. */
export function NoticesTab() {
  const { t } = useTranslation();
  const query = useQuery(serviceStatusQuery());
  const services = query.data?.services ?? [];
  return (
    <section aria-labelledby="admin-notices-title">
      <h2 id="admin-notices-title" className="text-xl font-semibold text-slate-900">
        {t('admin.tabs.notices')}
      </h2>
      <p className="mt-1 mb-4 text-slate-700">{t('admin.notices.intro')}</p>
      <ListState query={query} count={services.length} empty={t('admin.notices.none')}>
        <div className="grid gap-4 md:grid-cols-2">
          {services.map((service) => (
            <NoticeForm key={service.id} service={service} />
          ))}
        </div>
      </ListState>
    </section>
  );
}
