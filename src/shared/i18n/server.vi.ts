import { chloeVi } from './chloe.vi';
import { followsServerVi } from './follows.vi';
import { mailVi } from './mail.vi';
import { notifyVi } from './notify.vi';
import { waitingVi } from './waiting.vi';

/** Vietnamese texts that only the server writes (server.en.ts). */
export const serverVi = {
  mail: mailVi,
  chloe: chloeVi,
  notify: notifyVi,
  follows: followsServerVi,
  waiting: waitingVi,
};
