import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The official services' status as the leading instance last saw it (modules/government/status.ts): every instance
 * reads the same status and time from here.
 */
export const serviceStatuses = pgTable('service_statuses', {
  id: text('id').primaryKey(),
  status: text('status', { enum: ['operational', 'degraded', 'outage', 'unknown'] }).notNull(),
  lastChecked: timestamp('last_checked', { withTimezone: true }).notNull(),
});

/**
 * Which version of each set of content files the database holds (db/seed/content-version.ts): an instance with
 * older files never puts them back over newer ones.
 */
export const contentVersions = pgTable('content_versions', {
  name: text('name').primaryKey(),
  version: integer('version').notNull(),
  hash: text('hash').notNull(),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});
