import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import { REPORT_STATUSES } from '../../../shared/schemas/admin';
import {
  DIRECTORY_ENTRY_TYPES,
  DIRECTORY_PROBLEMS,
  type GovernmentService,
  type Organisation,
} from '../../../shared/schemas/resources';
import { users } from './accounts';
import { createdAt, tsvector } from './columns';
import { questions } from './questions';

/**
 * Who last changed a directory entry and when, outside the content files (an admin, or an Open Referral import):
 * seeding leaves such an entry alone until the content carries a newer review date. Archived entries are hidden
 * from readers and kept.
 */
const curation = {
  editedAt: timestamp('edited_at', { withTimezone: true }),
  editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
};

/**
 * Government and government-funded services: seeded from content/government, curated by admins. English stemming for English text, 'simple' for Vietnamese; the
 * trigram column lets "medicre" still find Medicare.
 */
export const governmentServices = pgTable(
  'government_services',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    /** A state or territory code, or 'national'. */
    state: text('state').notNull(),
    city: text('city'),
    titleEn: text('title_en').notNull(),
    titleVi: text('title_vi').notNull(),
    department: text('department').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    data: jsonb('data').$type<GovernmentService>().notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title_en), 'A') || setweight(to_tsvector('simple', title_vi), 'A') || setweight(to_tsvector('english', department), 'B') || setweight(to_tsvector('english', description_en), 'C') || setweight(to_tsvector('simple', description_vi), 'C')`,
      ),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`title_en || ' ' || department || ' ' || title_vi`),
    ...curation,
  },
  (t) => [
    index('government_services_search_idx').using('gin', t.search),
    index('government_services_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Local organisations: seeded from content/resources, curated by admins; coordinates are their postcode locality's. */
export const organisations = pgTable(
  'organisations',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    data: jsonb('data').$type<Organisation>().notNull(),
    ...curation,
  },
  (t) => [index('organisations_state_idx').on(t.state)],
);

/**
 * A reader says an organisation's or a government service's facts are out of date (no account needed). `entryId`
 * is text, not a reference: the report outlives an entry that is later removed from the content.
 */
export const directoryReports = pgTable(
  'directory_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryType: text('entry_type', { enum: DIRECTORY_ENTRY_TYPES }).notNull(),
    entryId: text('entry_id').notNull(),
    problem: text('problem', { enum: DIRECTORY_PROBLEMS }).notNull(),
    note: text('note'),
    /** The reader's account when signed in; readers without one report too. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('directory_reports_entry_idx').on(t.entryType, t.entryId, t.status)],
);

/** A notice an admin sets on an official online service ("ImmiAccount maintenance on Saturday"). */
export const serviceNotices = pgTable('service_notices', {
  serviceId: text('service_id').primaryKey(),
  note: text('note').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chloe's knowledge base from content/knowledge, synced at start. `search` is computed when the article is
 * written: English stemming for the English text, and 'simple' on text without diacritics for Vietnamese (people
 * often type Vietnamese without them). `keywords` are lower-cased and without diacritics, for trigram matching.
 */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: text('id').primaryKey(),
    data: jsonb('data').$type<KnowledgeArticle>().notNull(),
    keywords: text('keywords').array().notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [index('knowledge_articles_search_idx').using('gin', t.search)],
);

/**
 * Chloe's reply to a new question, as a durable job: one per question, retried with backoff, claimed with a lease
 * so a crashed worker's job is picked up again. Urgent questions first.
 */
export const chloeReplyJobs = pgTable(
  'chloe_reply_jobs',
  {
    questionId: uuid('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    urgent: boolean('urgent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chloe_reply_jobs_due_idx').on(t.status, t.urgent, t.runAfter)],
);
