import account from './account';
import admin from './admin';
import audit from './audit';
import auth from './auth';
import chat from './chat';
import chloe from './chloe';
import content from './content';
import directory from './directory';
import government from './government';
import health from './health';
import mail from './mail';
import mentors from './mentors';
import moderation from './moderation';
import notifications from './notifications';
import questions from './questions';
import reports from './reports';
import resources from './resources';
import translations from './translations';

/**
 * Every server module, each described once by its front door (`modules/<name>/index.ts`). app.ts registers their
 * routes, caches, listeners and frames from this list; main.ts starts their workers and leader tasks.
 */
export const MODULES = [
  health,
  auth,
  account,
  content,
  questions,
  translations,
  government,
  resources,
  directory,
  chat,
  mentors,
  admin,
  mail,
  notifications,
  chloe,
  audit,
  moderation,
  reports,
] as const;
