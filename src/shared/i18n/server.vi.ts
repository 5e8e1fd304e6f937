import { chloeVi } from './chloe.vi';
import { mailVi } from './mail.vi';
import { notifyVi } from './notify.vi';

/** Vietnamese texts that only the server writes (server.en.ts). */
export const serverVi = {
  mail: mailVi,
  chloe: chloeVi,
  notify: notifyVi,
};
