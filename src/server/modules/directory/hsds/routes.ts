import { strToU8, zipSync, type Zippable } from 'fflate';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { australianToday } from '../../../../shared/australian-date';
import type { Database } from '../../../db/client';
import { exportHsds, type HsdsFile } from './export';

/** The files in one zip archive, as `npm run directory -- export --format hsds` writes them into a folder. */
export function zipHsds(files: HsdsFile[], modified = new Date()): Buffer {
  const entries: Zippable = Object.fromEntries(
    files.map((file) => [file.path, [strToU8(file.content), { mtime: modified }]]),
  );
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/**
 * The directory in the Open Referral HSDS 3.0 tabular form, for other services and partners to reuse (see
 * docs/decisions/025-open-referral-hsds.md). Public, as the directory is; entries that admins archived are left out.
 */
export const hsdsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/resources/export/hsds',
    {
      schema: {
        tags: ['resources'],
        summary:
          'The directory as an Open Referral HSDS 3.0 data package (a zip of CSV files and datapackage.json)',
      },
    },
    async (_request, reply) => {
      const zip = zipHsds(await exportHsds(db));
      // The same for everyone and changed only by admins' edits and imports: shared caches may keep it a while.
      return reply
        .type('application/zip')
        .header('cache-control', 'public, max-age=3600')
        .header(
          'content-disposition',
          `attachment; filename="mentor-me-directory-hsds-${australianToday()}.zip"`,
        )
        .send(zip);
    },
  );
};
