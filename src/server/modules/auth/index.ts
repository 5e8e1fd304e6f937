import type { Outbox } from '../mail';
import { defineModule, failureLog } from '../context';
import { ResetRequests } from './reset-requests';
import { authRoutes } from './routes';

export default defineModule<{ outbox: Outbox }>({
  name: 'auth',
  routes: authRoutes,
  workers: [
    {
      // Nothing wakes it: it answers reset requests on its own schedule, away from the requests themselves.
      name: 'password resets',
      wakeOn: [],
      create: ({ db, outbox, config, clock, log }) =>
        new ResetRequests({ db, outbox, linkBase: config.linkBase, clock }, failureLog(log)),
    },
  ],
});

export { requestEmailChange } from './email-change';
export { resetLink, type LinkDeps } from './email-links';
export { ResetRequests } from './reset-requests';
export {
  checkCurrentPassword,
  createUser,
  findUserByEmail,
  toPublicUser,
  type PasswordCaller,
} from './service';
