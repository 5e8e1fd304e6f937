import { assistantEn } from './assistant.en';
import { mailEn } from './mail.en';

/**
 * English texts that only the server writes: emails and Chloe's own words. The server registers them at start
 * (src/server/errors.ts); the app never loads them. Every key exists in server.vi.ts too (a test enforces it).
 */
export const serverEn = {
  mail: mailEn,
  assistant: assistantEn,
};
