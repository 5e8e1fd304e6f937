import { defineModule } from '../context';
import { mentorRoutes } from './routes';

export default defineModule({ name: 'mentors', routes: mentorRoutes });

export { AVAILABILITY } from './service';
