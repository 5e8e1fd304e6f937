import { defineModule } from '../context';
import { governmentRoutes } from './routes';
import type { StatusChecker } from './status';

export default defineModule<{ statusChecker: StatusChecker }>({
  name: 'government',
  routes: governmentRoutes,
  // The leading instance probes the official services; every instance reads what it stored.
  leaderTasks: ({ statusChecker, config, metrics }) => [
    statusChecker.probeTask(config.serviceStatusIntervalMs, () => metrics.statusChecks.inc()),
  ],
});

export { presentService } from './service';
export { OFFICIAL_SERVICES, StatusChecker } from './status';
