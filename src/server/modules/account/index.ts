import type { Outbox } from '../mail';
import { defineModule } from '../context';
import { accountAdminRoutes } from './admin-routes';
import { accountRoutes } from './routes';

export default defineModule<{ outbox: Outbox }>({
  name: 'account',
  routes: async (app, context) => {
    await app.register(accountRoutes, context);
    await app.register(accountAdminRoutes, context);
  },
});

export { verifyMentorById } from './admin-users';
export { changeRole } from './service';
