import { assistantVi } from './assistant.vi';
import { mailVi } from './mail.vi';

/** Vietnamese texts that only the server writes (server.en.ts). */
export const serverVi = {
  mail: mailVi,
  assistant: assistantVi,
};
