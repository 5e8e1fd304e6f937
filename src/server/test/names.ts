/**
 * Each test run makes its databases under its own process id, so runs on one PostgreSQL server at the same time
 * leave each other alone: the migrated template every file's database is cloned from, and the per-file databases.
 */
export const templateDatabase = (runId: number) => `mentorme_test_template_${runId}`;
export const fileDatabasePrefix = (runId: number) => `t_${runId}_`;

/** A run's databases (or, without a run id, those of older runs): its id, so a new run can tell a killed run's. */
const RUN_DATABASE =
  /^(?:mentorme_test_template|t)_(\d+)(?:_[0-9a-f]{16})?$|^(?:mentorme_test_template|t_[0-9a-f]{16})$/;

/** The run that made a test database, 0 when the name does not say; undefined when it is no test database. */
export function runOf(name: string): number | undefined {
  const match = RUN_DATABASE.exec(name);
  if (!match) return undefined;
  return match[1] ? Number(match[1]) : 0;
}

/** Whether the process that made a run's databases is gone (or unknown): its databases can be dropped. */
export function runEnded(runId: number): boolean {
  if (runId === 0) return true;
  try {
    process.kill(runId, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
