import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { projectPath } from '../../paths';
import type { Database } from '../client';
import { contentVersions } from '../schema';
import type { HelpContent } from './help-content';
import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';

/**
 * The content files (directory, government services, Chloe's knowledge) carry a version number in
 * content/version.json, raised with every change (`npm run content:version`; a test fails when the files changed
 * and the number did not). The database remembers the version it holds, so during a rolling upgrade an instance
 * still running the older files never puts them back over the newer ones.
 */
export type ContentVersion = { version: number; hash: string };
export type StartupContent = { help: HelpContent; knowledge: KnowledgeArticle[] };

const versionSchema = z.object({ version: z.number().int().positive(), hash: z.string().length(64) });
const NAME = 'content';

export function contentVersionFile(): string {
  const file = projectPath('content/version.json');
  if (!file) throw new Error('content/version.json was not found next to the application.');
  return file;
}

export function readContentVersion(file = contentVersionFile()): ContentVersion {
  return versionSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

/** The fingerprint of the content as the app loads it. */
export function contentHash(content: StartupContent): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Raises the version when the content changed; returns the version the file now holds. */
export function bumpContentVersion(content: StartupContent, file = contentVersionFile()): ContentVersion {
  const current = readContentVersion(file);
  const hash = contentHash(content);
  if (hash === current.hash) return current;
  const next = { version: current.version + 1, hash };
  writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

/**
 * Whether these files should be written to the database: `newer` when the database holds an older version (or
 * none), `same` when it holds this one, `older` when it already holds a newer one. Recorded at once when `newer`,
 * inside the caller's transaction, so the write and the record land together.
 */
export async function claimContentVersion(
  tx: Pick<Database, 'execute'>,
  ours: ContentVersion,
): Promise<'newer' | 'same' | 'older'> {
  const result = await tx.execute<{ version: number; hash: string }>(
    sql`select version, hash from ${contentVersions} where name = ${NAME} for update`,
  );
  const held = result.rows[0];
  if (held && held.version > ours.version) return 'older';
  if (held && held.version === ours.version && held.hash === ours.hash) return 'same';
  await tx.execute(sql`
    insert into ${contentVersions} (name, version, hash) values (${NAME}, ${ours.version}, ${ours.hash})
    on conflict (name) do update set version = excluded.version, hash = excluded.hash, synced_at = now()`);
  return 'newer';
}
