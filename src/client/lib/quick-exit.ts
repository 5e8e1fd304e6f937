/**
 * Quick exit, as family-violence services offer it: someone who is being watched can leave at once for a page
 * that gives nothing away. The weather is a page anyone might open.
 */
import { ESCAPE_PRESSES, ESCAPE_WINDOW_MS, QUICK_EXIT_URL } from '../../shared/quick-exit';
import { signOutLeaving } from './auth';
import { forgetChloeConversation } from './chloe-conversation';
import { forgetMyList } from './my-list';
import { forgetSavedAnswers } from './offline';

type Exitable = {
  document: { documentElement: { style: { visibility: string } }; title: string };
  history: { replaceState: (data: unknown, unused: string, url?: string) => void };
  location: { replace: (url: string) => void };
  fetch: typeof fetch;
};

export function leaveNow(win: Exitable = window): void {
  // Blank at once: on a slow phone the next page can take seconds to arrive.
  win.document.documentElement.style.visibility = 'hidden';
  win.document.title = '';
  // The pages kept for reading offline go too (started now, finished while the next page loads, if it can).
  forgetSavedAnswers();
  // So does the conversation with Chloe kept on this device, and nothing writes it again.
  forgetChloeConversation({ leavingNow: true });
  // And the organisations saved in My list: a list of family-violence services can give a person away.
  forgetMyList({ leavingNow: true });
  // The session ends, on the server and here: whoever opens Mentor Me next on this device finds nobody signed in.
  signOutLeaving(win);
  // The entry we are on stops naming the page being read, then replace() puts the neutral site in its place,
  // so Back does not return here. Leaving must not depend on the first step working.
  try {
    win.history.replaceState(null, '', '/');
  } catch {
    // Leave anyway.
  }
  win.location.replace(QUICK_EXIT_URL);
}

/**
 * A keydown listener that calls `onTriple` when Escape is pressed three times within two seconds. A held key's
 * repeats do not count, nor does an Escape that ends an input method's composition (typing Vietnamese).
 */
export function tripleEscapeListener(onTriple: () => void, now: () => number = () => performance.now()) {
  let presses: number[] = [];
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.repeat || event.isComposing) return;
    const time = now();
    presses = [...presses.filter((at) => time - at < ESCAPE_WINDOW_MS), time];
    if (presses.length >= ESCAPE_PRESSES) {
      presses = [];
      onTriple();
    }
  };
}
