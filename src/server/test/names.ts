/** The migrated database every test file's database is cloned from. */
export const TEMPLATE_DATABASE = 'mentorme_test_template';

/** Names of the per-file databases (t_ and 16 hex digits), so a new run can clear a killed run's leftovers. */
export const STALE_TEST_DATABASE = /^t_[0-9a-f]{16}$/;
