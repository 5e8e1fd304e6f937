/**
 * A ref callback for what replaces a form once it has been sent (a confirmation, a link that no longer works):
 * focus goes there, so a screen reader reads it and the keyboard goes on from it rather than from the page's top.
 * Give the element tabIndex={-1}.
 */
export function focusWhenShown(element: HTMLElement | null) {
  element?.focus();
}
