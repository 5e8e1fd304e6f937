import { defineModule } from '../context';
import { healthRoutes } from './routes';

export default defineModule({ name: 'health', routes: healthRoutes });

export { createReadiness, type Readiness } from './routes';
