import { CHLOE_STORAGE_KEY } from '../../shared/chloe';

let leaving = false;

/**
 * Removes the conversation with Chloe kept on this device: on quick exit (then nothing writes it again while the
 * page goes) and when another person, or nobody, is signed in on it.
 */
export function forgetChloeConversation({ leavingNow = false } = {}): void {
  if (leavingNow) leaving = true;
  try {
    globalThis.localStorage?.removeItem(CHLOE_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was kept.
  }
}

/** Whether the conversation may be written to this device: not once quick exit has begun. */
export const mayKeepChloeConversation = (): boolean => !leaving;
