import { inReaderLanguage } from '../../../shared/languages';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { DirectoryEntryType } from '../../../shared/directory';
import type { AdminDirectoryEntry } from '../../../shared/schemas/directory';
import {
  governmentServiceSchema,
  organisationSchema,
  type GovernmentService,
  type Organisation,
} from '../../../shared/schemas/resources';
import { toastInvalid } from '../../components/invalid-input';
import { LoadFailed } from '../../components/load-failed';
import { Button } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { listLoadFailure } from '../../data/admin';
import { adminDirectoryEntryQuery, useArchiveEntry, useSaveEntry } from '../../data/directory';
import { formatDateTime } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { GovernmentFields, OrganisationFields, ReviewDate } from './directory-fields';
import { governmentServiceFromForm, organisationFromForm } from './directory-form';

/** Who changed the entry last, or that it is as the content files have it. */
function Provenance({ data }: { data: AdminDirectoryEntry }) {
  const { t, locale } = useTranslation();
  if (!data.editedAt) return <p className="text-sm text-slate-700">{t('directory.admin.seeded')}</p>;
  const date = formatDateTime(data.editedAt, locale);
  return (
    <p className="text-sm text-slate-700">
      {data.editedBy
        ? t('directory.admin.editedBy', { name: data.editedBy, date })
        : t('directory.admin.editedByImport', { date })}
    </p>
  );
}

/**
 * The editor of one entry, every field; `id` null adds a new one. Saving checks the same schema as the server
 * (and the content files), so the first broken rule is named at once.
 */
export function DirectoryEditor({
  type,
  id,
  openReports,
  onDone,
}: {
  type: DirectoryEntryType;
  id: string | null;
  /** The entry's open reports of outdated information, offered to be marked fixed with the save. */
  openReports: number;
  onDone: (savedId?: string) => void;
}) {
  const { t, locale } = useTranslation();
  const query = useQuery({ ...adminDirectoryEntryQuery(type, id ?? ''), enabled: id !== null });
  const [confirmArchive, setConfirmArchive] = useState(false);
  const save = useSaveEntry({
    meta: { errorTitle: 'directory.admin.saveFailed' },
    onSuccess: (saved, { create }) => {
      toast({ title: t(create ? 'directory.admin.created' : 'directory.admin.saved') });
      onDone(saved.entry.id);
    },
  });
  const archive = useArchiveEntry({
    meta: { errorTitle: 'directory.admin.archiveFailed' },
    onSuccess: (changed) => {
      toast({ title: t(changed.archived ? 'directory.admin.archived' : 'directory.admin.restored') });
      setConfirmArchive(false);
    },
  });

  if (id !== null && !query.data) {
    return query.isError ? (
      <LoadFailed text={listLoadFailure(query.error)} onRetry={() => void query.refetch()} />
    ) : null;
  }
  const data = query.data;
  const create = id === null;
  const name = data
    ? data.type === 'organisation'
      ? data.entry.name
      : inReaderLanguage(data.entry.title, locale)
    : '';
  const title = create
    ? t(type === 'organisation' ? 'directory.admin.newTitle' : 'directory.admin.newServiceTitle')
    : t('directory.admin.editorTitle', { name });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const get = (field: string) => String(form.get(field) ?? '');
    const resolveReports = form.get('resolveReports') === 'on';
    if (type === 'organisation') {
      const parsed = organisationSchema.safeParse(organisationFromForm(get));
      if (!parsed.success) return toastInvalid('directory.admin.saveFailed', parsed.error);
      save.mutate({ type, create, entry: parsed.data, resolveReports });
    } else {
      const parsed = governmentServiceSchema.safeParse(governmentServiceFromForm(get));
      if (!parsed.success) return toastInvalid('directory.admin.saveFailed', parsed.error);
      save.mutate({ type, create, entry: parsed.data, resolveReports });
    }
  };

  const entry = data?.entry;
  const reviewed = data
    ? data.type === 'organisation'
      ? data.entry.lastReviewed
      : data.entry.lastUpdated
    : '';
  return (
    <section aria-labelledby="directory-editor-title">
      <Button variant="secondary" size="sm" onClick={() => onDone()}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('directory.admin.back')}
      </Button>
      <h3 id="directory-editor-title" tabIndex={-1} className="mt-4 text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {data && (
        <div className="mt-1 space-y-1">
          <Provenance data={data} />
          {data.archived && (
            <Badge colour="bg-slate-700 text-white">{t('directory.admin.archivedNote')}</Badge>
          )}
        </div>
      )}
      {/* Keyed by the entry as loaded, so a save elsewhere shows in the fields. */}
      <form key={data?.editedAt ?? 'new'} onSubmit={submit} noValidate className="mt-4 space-y-4">
        <Field
          label={t('directory.admin.id')}
          hint={create ? t('directory.admin.idHint') : undefined}
          name="id"
          defaultValue={entry?.id}
          readOnly={!create}
          required
        />
        {type === 'organisation' ? (
          <OrganisationFields entry={entry as Organisation | undefined} />
        ) : (
          <GovernmentFields entry={entry as GovernmentService | undefined} />
        )}
        <Field
          label={t('directory.admin.languagesSource')}
          name="languagesSource"
          type="url"
          defaultValue={entry?.languagesSource}
        />
        <Field
          label={t('directory.admin.source')}
          hint={t('directory.admin.sourceHint')}
          name="source"
          type="url"
          defaultValue={entry?.source}
        />
        <ReviewDate defaultValue={reviewed} />
        {openReports > 0 && (
          <label className="flex min-h-11 items-center gap-3 text-slate-800">
            <input type="checkbox" name="resolveReports" defaultChecked className="h-5 w-5" />
            {t('directory.admin.resolveReports', { count: openReports })}
          </label>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('directory.admin.saving') : t('directory.admin.save')}
          </Button>
          {data && (
            <Button
              variant="secondary"
              disabled={archive.isPending}
              onClick={() =>
                data.archived
                  ? archive.mutate({ type, id: data.entry.id, archived: false })
                  : setConfirmArchive(true)
              }
            >
              {t(data.archived ? 'directory.admin.restore' : 'directory.admin.archive')}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirmArchive}
        title={t('directory.admin.archiveConfirm')}
        description={t('directory.admin.archiveText')}
        confirmLabel={t('directory.admin.archive')}
        danger
        pending={archive.isPending}
        failedTitle="directory.admin.archiveFailed"
        onConfirm={() => data && archive.mutate({ type, id: data.entry.id, archived: true })}
        onClose={() => setConfirmArchive(false)}
      />
    </section>
  );
}
