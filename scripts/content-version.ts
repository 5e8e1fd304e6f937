// `npm run content:version`: raises content/version.json after the content files changed, so that instances
// still running the older files never put them back (src/server/db/seed/content-version.ts).
import { bumpContentVersion } from '../src/server/db/seed/content-version';
import { loadStartupContent } from '../src/server/db/prepare';

const { version } = bumpContentVersion(loadStartupContent());
console.log(`content/version.json: version ${version}`);
