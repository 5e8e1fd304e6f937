/**
 * What the app keeps for reading without a connection (the service worker, src/client/service-worker/sw.ts) and how a kept copy is
 * marked, so the page can say that what it shows was saved earlier.
 */

/** The cache holding the last answers of the public reading routes. */
export const SAVED_ANSWERS_CACHE = 'mentorme-saved-answers';

/** The header a kept copy carries: when it was saved, as an ISO time. */
export const SAVED_AT_HEADER = 'x-mentorme-saved-at';

/** How many answers are kept, and for how long, before the oldest go. */
export const SAVED_ANSWERS_LIMIT = 120;
export const SAVED_ANSWERS_MAX_AGE_SECONDS = 14 * 24 * 60 * 60;

/**
 * The API's reading routes whose last answer is kept: the feed and its questions, the categories, Local Resources,
 * the government pages, the founders and the site's settings. Nothing of chat, Chloe, accounts or admin, and no
 * voice notes.
 */
const SAVED_PATHS =
  /^\/api\/(?:config|categories|founders|stats\/community|questions(?:\/[^/]+)?|resources|government\/(?:resources|status|local\/[^/]+))$/;

export function isSavedAnswer(pathname: string): boolean {
  return SAVED_PATHS.test(pathname);
}
