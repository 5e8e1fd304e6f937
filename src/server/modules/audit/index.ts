import { defineModule } from '../context';

/** The audit log: what admins and the system did, written by the modules that do it. */
export default defineModule({ name: 'audit' });

export { listAudit, recordAudit } from './audit';
