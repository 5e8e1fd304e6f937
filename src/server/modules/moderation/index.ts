import { defineModule } from '../context';

/** Reports and the snapshots they keep; the admin's side of them is in modules/admin. */
export default defineModule({ name: 'moderation' });

export { fileReport, resolveReportsOn } from './reports';
export { describe } from './snapshot';
