import { chloeNe } from './chloe.ne';
import { followsServerNe } from './follows.ne';
import { mailNe } from './mail.ne';
import { notifyNe } from './notify.ne';
import { waitingNe } from './waiting.ne';

/** Nepali texts that only the server writes (server.en.ts). */
export const serverNe = {
  mail: mailNe,
  chloe: chloeNe,
  notify: notifyNe,
  follows: followsServerNe,
  waiting: waitingNe,
};
