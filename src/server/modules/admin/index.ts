import { defineModule } from '../context';
import { adminRoutes } from './routes';

export default defineModule({ name: 'admin', routes: adminRoutes });
