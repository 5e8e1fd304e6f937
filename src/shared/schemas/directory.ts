import { z } from 'zod';
import {
  AUS_STATES,
  DIRECTORY_ENTRY_TYPES,
  DIRECTORY_PROBLEMS,
  GOVERNMENT_CATEGORIES,
  LOCAL_CATEGORIES,
} from '../directory';
import { ADMIN_LIMITS, REPORT_STATUSES } from './admin';
import { cursorQuery } from '../cursor';
import { cursorPageFields, lineText, longText } from './common';
import { latestCursorQuery } from './questions';
import { DIRECTORY_REPORT_NOTE_MAX } from '../limits';

export { DIRECTORY_REPORT_NOTE_MAX } from '../limits';
import {
  governmentServiceSchema,
  organisationSchema,
  storedGovernmentServiceSchema,
  storedOrganisationSchema,
} from './resources';

/** Curating the directory: the admins' Directory tab, and readers' reports of outdated information. */

/** What a reader says is wrong with an entry; a note is optional. No account needed. */
export const directoryReportSchema = z.object({
  problem: z.enum(DIRECTORY_PROBLEMS, 'directory.errors.problemRequired'),
  note: longText(undefined, { visibleOnly: true })
    .max(DIRECTORY_REPORT_NOTE_MAX, 'directory.errors.noteMax')
    .optional()
    .transform((v) => v || undefined),
});
export type DirectoryReportInput = z.input<typeof directoryReportSchema>;

export const directoryEntryParamsSchema = z.object({
  type: z.enum(DIRECTORY_ENTRY_TYPES, 'validation.idInvalid'),
  id: z.string().regex(/^[a-z0-9-]{1,80}$/, 'validation.idInvalid'),
});
export type DirectoryEntryParams = z.infer<typeof directoryEntryParamsSchema>;

export const ADMIN_DIRECTORY_STATUSES = ['active', 'needs-review', 'archived', 'all'] as const;
export type AdminDirectoryStatus = (typeof ADMIN_DIRECTORY_STATUSES)[number];

/**
 * After an entry, in the list's order: its review date (the order of entries needing review), national or not, its
 * state, its name in the caller's language and its id.
 */
/** A text of a cursor: PostgreSQL refuses a NUL in any text, so none is read back. */
const cursorText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\0]*$/);
export const adminDirectoryCursorSchema = z.strictObject({
  reviewed: cursorText(40),
  national: z.boolean(),
  state: cursorText(20),
  name: cursorText(200),
  id: cursorText(80),
});
export type AdminDirectoryCursor = z.infer<typeof adminDirectoryCursorSchema>;

export const adminDirectoryQuerySchema = z.object({
  type: z.enum(DIRECTORY_ENTRY_TYPES, 'validation.invalidInput').default('organisation'),
  state: z.enum([...AUS_STATES, 'national'], 'validation.stateInvalid').optional(),
  category: z
    .enum([...new Set([...LOCAL_CATEGORIES, ...GOVERNMENT_CATEGORIES])], 'validation.categoryInvalid')
    .optional(),
  status: z.enum(ADMIN_DIRECTORY_STATUSES, 'validation.invalidInput').default('active'),
  q: lineText()
    .max(ADMIN_LIMITS.searchMax, 'validation.searchMax')
    .optional()
    .transform((v) => (v ? v : undefined)),
  // A name of up to 200 characters, each up to 4 bytes in UTF-8, and an id of up to 80, in base64.
  cursor: cursorQuery(adminDirectoryCursorSchema, 1_600),
});
/** The list's filters; the cursor is each page's own. */
export type AdminDirectoryQuery = Omit<z.input<typeof adminDirectoryQuerySchema>, 'cursor'>;

/** A row of the Directory tab. */
export const adminDirectoryRowSchema = z.object({
  type: z.enum(DIRECTORY_ENTRY_TYPES),
  id: z.string(),
  name: z.string(),
  category: z.string(),
  state: z.string(),
  /** An organisation's suburb, a government service's city; null for a statewide or national service. */
  place: z.string().nullable(),
  lastReviewed: z.string(),
  /** Reviewed more than DIRECTORY_REVIEW_MONTHS ago. */
  needsReview: z.boolean(),
  archived: z.boolean(),
  /** Changed by an admin or an import since it was seeded. */
  edited: z.boolean(),
  openReports: z.number().int(),
});
export type AdminDirectoryRow = z.infer<typeof adminDirectoryRowSchema>;
export const adminDirectoryResponseSchema = z.object({
  entries: z.array(adminDirectoryRowSchema),
  ...cursorPageFields,
});
export type AdminDirectoryResponse = z.infer<typeof adminDirectoryResponseSchema>;

const curationFields = {
  archived: z.boolean(),
  editedAt: z.string().nullable(),
  /** The admin who last changed it, as named now; null when seeded, imported, or their account is gone. */
  editedBy: z.string().nullable(),
};
/** One entry with every field, as the editor edits it. */
export const adminDirectoryEntrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('organisation'), entry: storedOrganisationSchema, ...curationFields }),
  z.object({ type: z.literal('government'), entry: storedGovernmentServiceSchema, ...curationFields }),
]);
export type AdminDirectoryEntry = z.infer<typeof adminDirectoryEntrySchema>;

/** Saving from the editor; `resolveReports` marks the entry's open reports fixed in the same change. */
export const saveOrganisationSchema = z.object({
  entry: organisationSchema,
  resolveReports: z.boolean().default(false),
});
export const saveGovernmentServiceSchema = z.object({
  entry: governmentServiceSchema,
  resolveReports: z.boolean().default(false),
});
export type SaveOrganisationInput = z.input<typeof saveOrganisationSchema>;
export type SaveGovernmentServiceInput = z.input<typeof saveGovernmentServiceSchema>;

export const archiveEntrySchema = z.object({ archived: z.boolean('validation.invalidInput') });

// Reports of outdated information ----------------------------------------------------------------------------------

export const adminDirectoryReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, 'validation.invalidInput').default('open'),
  /** After an entry's reports: the newest one's time to the microsecond, then its id. */
  cursor: latestCursorQuery(),
});

/** One entry with every report on it in the listed status, and the entry as it is now, beside them. */
export const adminDirectoryReportSchema = z.object({
  /** The newest report's id; acting on it acts on every report on the entry in the same status. */
  id: z.string(),
  type: z.enum(DIRECTORY_ENTRY_TYPES),
  entryId: z.string(),
  status: z.enum(REPORT_STATUSES),
  problems: z.array(z.object({ problem: z.enum(DIRECTORY_PROBLEMS), count: z.number().int() })),
  notes: z.array(z.string()),
  reportCount: z.number().int(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** The entry's facts now, in the admin's language; null when it is no longer in the directory. */
  entry: z
    .object({
      name: z.string(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      hours: z.string().nullable(),
      website: z.string().nullable(),
      languages: z.array(z.string()),
      /** Null when no official source has been found yet. */
      source: z.string().nullable(),
      lastReviewed: z.string(),
      archived: z.boolean(),
    })
    .nullable(),
});
export type AdminDirectoryReport = z.infer<typeof adminDirectoryReportSchema>;
export const adminDirectoryReportsResponseSchema = z.object({
  reports: z.array(adminDirectoryReportSchema),
  ...cursorPageFields,
});
export type AdminDirectoryReportsResponse = z.infer<typeof adminDirectoryReportsResponseSchema>;

export const directoryReportActionSchema = z.object({
  action: z.enum(['resolve', 'dismiss'], 'admin.actionInvalid'),
});
export type DirectoryReportAction = z.infer<typeof directoryReportActionSchema>['action'];
