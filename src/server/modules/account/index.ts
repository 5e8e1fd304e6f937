import type { Outbox } from '../mail';
import { defineModule } from '../context';
import { accountRoutes } from './routes';

export default defineModule<{ outbox: Outbox }>({ name: 'account', routes: accountRoutes });

export { EXPORTS_PER_HOUR } from './routes';
export { changeRole } from './service';
