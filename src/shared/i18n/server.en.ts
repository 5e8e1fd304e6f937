import { chloeEn } from './chloe.en';
import { followsServerEn } from './follows.en';
import { mailEn } from './mail.en';
import { notifyEn } from './notify.en';
import { waitingEn } from './waiting.en';

/**
 * English texts that only the server writes: emails, Chloe's own words and the bell's sentences. The server
 * registers them at start (src/server/errors.ts); the app never loads them. Every key exists in server.vi.ts too (a
 * test enforces it).
 */
export const serverEn = {
  mail: mailEn,
  chloe: chloeEn,
  notify: notifyEn,
  follows: followsServerEn,
  waiting: waitingEn,
};
