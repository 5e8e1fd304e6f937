/**
 * The shared schemas a form checks its input with, loaded when the form is sent rather than with its screen:
 * building zod schemas is the heaviest work of a page's start on a phone (decision 029). The limits and lists the
 * screens show come from shared/limits.ts, which builds none. After the first load each call answers at once.
 */
export const schemas = {
  auth: () => import('../../shared/schemas/auth'),
  chat: () => import('../../shared/schemas/chat'),
  directory: () => import('../../shared/schemas/directory'),
  mentors: () => import('../../shared/schemas/mentors'),
  questions: () => import('../../shared/schemas/questions'),
};
