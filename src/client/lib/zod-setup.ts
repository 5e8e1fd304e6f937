import { config } from 'zod';

/**
 * Zod would probe for eval, which the Content-Security-Policy forbids; its interpreter is fast enough for
 * forms. Imported by the screens that validate with the shared schemas, so zod stays out of the first load.
 */
config({ jitless: true });
