/**
 * Quick exit's constants, read by the app's Quick exit (client/lib/quick-exit.ts) and by the page's own script, which
 * answers before the app has taken the page over (early-taps.ts).
 */

/** The neutral page Quick exit leaves for: the weather is a page anyone might open. */
export const QUICK_EXIT_URL = 'https://www.bom.gov.au/';

/** Escape pressed this many times within the window leaves, so one Escape that closes a dialog never does. */
export const ESCAPE_PRESSES = 3;
export const ESCAPE_WINDOW_MS = 2000;

/** The attribute Quick Exit's buttons carry, which the page's script knows them by. */
export const QUICK_EXIT_BUTTON = 'data-quick-exit';

/** Set on `<html>` by the app once its own Quick exit answers: the page's script then leaves Escape to it. */
export const QUICK_EXIT_LIVE = 'data-quick-exit-live';
