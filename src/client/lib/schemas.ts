import { useRef } from 'react';

/**
 * The shared schemas a form checks its input with, loaded when the form is first used rather than with its screen:
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

type Schemas = typeof schemas;
type Loaded<K extends keyof Schemas> = Awaited<ReturnType<Schemas[K]>>;

/**
 * A form's schemas: `preload` (the form's onFocus) starts loading them as the reader comes to the form, so they are
 * here when it is sent; `withSchemas` runs the form's check once they are. A send made while an earlier one still
 * waits for them is dropped: on a slow connection a second tap would otherwise send the form twice.
 */
export function useSchemas<K extends keyof Schemas>(name: K) {
  const waiting = useRef(false);
  return {
    preload: () => void schemas[name](),
    withSchemas: async (check: (loaded: Loaded<K>) => void) => {
      if (waiting.current) return;
      waiting.current = true;
      try {
        check((await schemas[name]()) as Loaded<K>);
      } finally {
        waiting.current = false;
      }
    },
  };
}
