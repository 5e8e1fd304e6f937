import { defineModule } from '../context';
import { hsdsRoutes } from './hsds/routes';
import { directoryRoutes } from './routes';

export default defineModule({
  name: 'directory',
  routes: async (app, context) => {
    await app.register(hsdsRoutes, context);
    await app.register(directoryRoutes, context);
  },
});

export { reviewCutoff } from './curation';
export { exportHsds, writeHsdsFolder } from './hsds/export';
export { ImportError, readHsdsFolder } from './hsds/folder';
export { importHsds } from './hsds/import';
export { printable, printableLines } from './hsds/printable';
export { formatImportReport } from './hsds/report';
