import { defineModule } from '../context';
import { moderationRoutes } from './routes';

/** The admin's decisions on reports: content removed, conversations closed, people told. */
export default defineModule({ name: 'moderation', routes: moderationRoutes });
