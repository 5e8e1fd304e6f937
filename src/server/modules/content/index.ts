import { defineModule } from '../context';
import { contentRoutes } from './routes';

export default defineModule({ name: 'content', routes: contentRoutes });
