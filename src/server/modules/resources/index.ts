import { defineModule } from '../context';
import { resourceRoutes } from './routes';

export default defineModule({ name: 'resources', routes: resourceRoutes });

export { nearbyOrganisations, type NearbyOrganisation } from './service';
