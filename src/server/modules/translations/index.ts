import { defineModule } from '../context';
import { translationRoutes } from './routes';

/** People's posts translated by the model into a reader's language, on request (decision 057). */
export default defineModule({ name: 'translations', routes: translationRoutes });
