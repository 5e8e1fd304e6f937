import type { KeyboardEvent } from 'react';

/**
 * A message box's keys: Enter sends, Shift+Enter starts a new line, and Enter while an input method is composing
 * (Vietnamese Telex, for one) confirms the word, not the message.
 */
export function sendOnEnter(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
}
