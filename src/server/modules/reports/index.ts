import { defineModule } from '../context';

/** Reports as people file them, and the snapshot each keeps; deciding on them is modules/moderation. */
export default defineModule({ name: 'reports' });

export { fileReport, resolveReportsOn } from './reports';
export { describe } from './snapshot';
