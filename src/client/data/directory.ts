import { queryOptions, useMutation } from '@tanstack/react-query';
import type { DirectoryEntryType } from '../../shared/directory';
import type { ReportStatus } from '../../shared/schemas/admin';
import type {
  AdminDirectoryEntry,
  AdminDirectoryQuery,
  AdminDirectoryReportsResponse,
  AdminDirectoryResponse,
  DirectoryReportAction,
  DirectoryReportInput,
  SaveGovernmentServiceInput,
  SaveOrganisationInput,
} from '../../shared/schemas/directory';
import { adminListQuery, useAdminAction } from './admin';
import { api } from '../lib/api';
import { withConfig, type MutationConfig } from '../lib/mutation';

/** Under 'admin', so every admin action refreshes them; readers' lists are refreshed after a change too. */
const directoryKeys = {
  list: (query: AdminDirectoryQuery, locale: string) => ['admin', 'directory', query, locale] as const,
  entry: (type: DirectoryEntryType, id: string) => ['admin', 'directory-entry', type, id] as const,
  reports: (status: ReportStatus, locale: string) => ['admin', 'directory-reports', status, locale] as const,
};
const readerLists = [['resources'], ['government']] as const;

const entryPath = (type: DirectoryEntryType, id: string) =>
  `/api/admin/directory/${type}/${encodeURIComponent(id)}`;

/** Names come in the caller's language, and the list is in their order: hence the locale in the key. */
export const adminDirectoryQuery = (query: AdminDirectoryQuery, locale: string) =>
  adminListQuery<AdminDirectoryResponse>(directoryKeys.list(query, locale), '/api/admin/directory', query);

export const adminDirectoryEntryQuery = (type: DirectoryEntryType, id: string) =>
  queryOptions({
    queryKey: directoryKeys.entry(type, id),
    queryFn: ({ signal }) => api<AdminDirectoryEntry>(entryPath(type, id), { signal }),
    // The editor keeps what is typed: a refetch in the background must not reset the form.
    staleTime: Infinity,
  });

export const adminDirectoryReportsQuery = (status: ReportStatus, locale: string) =>
  adminListQuery<AdminDirectoryReportsResponse>(
    directoryKeys.reports(status, locale),
    '/api/admin/directory-reports',
    { status },
  );

export type SaveEntryVariables =
  | ({ type: 'organisation'; create: boolean } & SaveOrganisationInput)
  | ({ type: 'government'; create: boolean } & SaveGovernmentServiceInput);

/** Adds or replaces an entry from the editor. */
export function useSaveEntry(config: MutationConfig<AdminDirectoryEntry, SaveEntryVariables> = {}) {
  return useAdminAction(
    config,
    ({ type, create, entry, resolveReports }) =>
      api<AdminDirectoryEntry>(create ? `/api/admin/directory/${type}` : entryPath(type, entry.id), {
        method: create ? 'POST' : 'PUT',
        body: { entry, resolveReports },
      }),
    readerLists,
  );
}

export function useArchiveEntry(
  config: MutationConfig<
    AdminDirectoryEntry,
    { type: DirectoryEntryType; id: string; archived: boolean }
  > = {},
) {
  return useAdminAction(
    config,
    ({ type, id, archived }) =>
      api<AdminDirectoryEntry>(`${entryPath(type, id)}/archive`, { method: 'PATCH', body: { archived } }),
    readerLists,
  );
}

export function useDirectoryReportAction(
  config: MutationConfig<unknown, { id: string; action: DirectoryReportAction }> = {},
) {
  return useAdminAction(config, ({ id, action }) =>
    api(`/api/admin/directory-reports/${encodeURIComponent(id)}`, { method: 'PATCH', body: { action } }),
  );
}

/** A reader's report of outdated information; no account needed. */
export function useReportOutdated(
  config: MutationConfig<
    { id: string },
    { type: DirectoryEntryType; id: string } & DirectoryReportInput
  > = {},
) {
  return useMutation(
    withConfig(config, {
      mutationFn: ({ type, id, ...input }) =>
        api<{ id: string }>(`/api/directory/${type}/${encodeURIComponent(id)}/reports`, {
          method: 'POST',
          body: input,
        }),
    }),
  );
}
