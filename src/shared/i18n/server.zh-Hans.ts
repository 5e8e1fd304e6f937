import { chloeZhHans } from './chloe.zh-Hans';
import { followsServerZhHans } from './follows.zh-Hans';
import { mailZhHans } from './mail.zh-Hans';
import { notifyZhHans } from './notify.zh-Hans';
import { waitingZhHans } from './waiting.zh-Hans';

/** Simplified Chinese texts that only the server writes (server.en.ts). */
export const serverZhHans = {
  mail: mailZhHans,
  chloe: chloeZhHans,
  notify: notifyZhHans,
  follows: followsServerZhHans,
  waiting: waitingZhHans,
};
