/**
 * The server's render of the page's first screen (src/client/frame.tsx), in the app's root: inert and hidden from
 * assistive technology until the app has taken it over. None on a page the app draws itself.
 */
export function pageFrame(): Element | null {
  return document.querySelector('#root > [inert]');
}
