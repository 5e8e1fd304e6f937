import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { QUESTION_LIMITS } from '../../shared/schemas/questions';
import { seedCategories } from '../modules/questions/categories';
import { paddedMp4, voiceFixture } from '../modules/questions/voice-notes.test-helpers';
import { createTestDatabase, type TestDatabase } from '../test/helpers';
import { fileDatabasePrefix } from '../test/names';
import { withDatabase } from './client';
import { questions, voiceNotes } from './schema';
import { seedDemo } from './seed/demo';
import { loadHelpContent, syncHelpContent } from './seed/help-content';
import { loadKnowledge, syncKnowledge } from './seed/knowledge';
import { queryOnce } from '../test/query';

const run = promisify(execFile);

/** The newest pg_dump here (on the PATH, or Debian's /usr/lib/postgresql/<major>/bin) and its major version. */
async function newestPgDump(): Promise<{ bin: string; major: number } | undefined> {
  const debian = '/usr/lib/postgresql';
  const candidates = [
    'pg_dump',
    ...(existsSync(debian)
      ? readdirSync(debian).map((major) => path.join(debian, major, 'bin/pg_dump'))
      : []),
  ];
  let newest: { bin: string; major: number } | undefined;
  for (const bin of candidates) {
    const version = await run(bin, ['--version']).then(
      ({ stdout }) => /\(PostgreSQL\) (\d+)/.exec(stdout)?.[1],
      () => undefined,
    );
    if (version && (!newest || Number(version) > newest.major)) newest = { bin, major: Number(version) };
  }
  return newest;
}

const query = queryOnce;

/** Every table of the database (the migrations' own included), with its row count and a digest of its rows. */
async function tableContents(url: string): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await query<{ name: string }>(
    url,
    `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1`,
  );
  const contents: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables) {
    const [row] = await query<{ rows: number; digest: string }>(
      url,
      `select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
       from ${name} t`,
    );
    contents[name] = row!;
  }
  return contents;
}

const adminUrl = inject('adminUrl');
const [server] = await query<{ version: number }>(
  adminUrl,
  "select current_setting('server_version_num')::int as version",
);
const serverMajor = Math.floor(server!.version / 10_000);
const pgDump = await newestPgDump();
/** Why this machine cannot run the test: pg_dump refuses a server newer than itself. */
const cannotDump = !pgDump
  ? 'pg_dump is not installed (Debian: apt-get install postgresql-client)'
  : pgDump.major < serverMajor
    ? `pg_dump ${pgDump.major} cannot dump this PostgreSQL ${serverMajor} server: run the test with DATABASE_URL naming a PostgreSQL ${pgDump.major} or older, or install pg_dump ${serverMajor}`
    : undefined;

describe('a backup (pg_dump -Fc) restored with pg_restore', () => {
  let source: TestDatabase | undefined;
  let restoredName: string | undefined;
  let folder: string | undefined;

  afterAll(async () => {
    await source?.drop();
    if (restoredName) await query(adminUrl, `drop database if exists "${restoredName}" with (force)`);
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('holds every row of every table, voice notes byte for byte', { timeout: 120_000 }, async ({ skip }) => {
    if (cannotDump) skip(cannotDump);
    const { bin } = pgDump!;
    const restoreBin = path.join(path.dirname(bin), 'pg_restore');

    // A database as a deployment has it: content, the demo accounts and questions, and a voice note as large as
    // one can be.
    source = await createTestDatabase();
    const { db } = source;
    await seedCategories(db);
    await syncHelpContent(db, loadHelpContent());
    await syncKnowledge(db, loadKnowledge());
    await seedDemo(db);
    const [question] = await db.select({ id: questions.id }).from(questions).limit(1);
    const recording = paddedMp4(voiceFixture('voice-3s-chrome.mp4'), QUESTION_LIMITS.voiceNoteMaxBytes);
    await db.insert(voiceNotes).values({
      questionId: question!.id,
      mimeType: 'audio/mp4',
      data: recording,
      byteLength: recording.length,
    });
    await db.$client.end();

    folder = await mkdtemp(path.join(os.tmpdir(), 'mentorme-backup-'));
    const dump = path.join(folder, 'mentorme.dump');
    await run(bin, ['-Fc', '-f', dump, '-d', source.url]);

    restoredName = `${fileDatabasePrefix(inject('testRunId'))}${randomBytes(8).toString('hex')}`;
    await query(adminUrl, `create database "${restoredName}"`);
    const restoredUrl = withDatabase(adminUrl, restoredName);
    // The restore command of deploy/README.md.
    await run(restoreBin, ['--clean', '--if-exists', '--no-owner', '-d', restoredUrl, dump]);

    const before = await tableContents(source.url);
    const after = await tableContents(restoredUrl);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before['public.users']!.rows).toBeGreaterThan(0);
    expect(before['public.questions']!.rows).toBeGreaterThan(0);
    expect(before['public.voice_notes']!.rows).toBe(1);
    expect(after).toEqual(before);

    const restored = new pg.Client({ connectionString: restoredUrl });
    await restored.connect();
    try {
      // The note still belongs to its question.
      const { rows } = await restored.query<{ data: Buffer; byte_length: number }>(
        'select v.data, v.byte_length from voice_notes v join questions q on q.id = v.question_id where q.id = $1',
        [question!.id],
      );
      expect(rows[0]!.byte_length).toBe(recording.length);
      expect(Buffer.compare(rows[0]!.data, recording)).toBe(0);
    } finally {
      await restored.end();
    }
  });
});
