/**
 * The page the server drew (its frame) is inert until the app has taken it over, seconds on a slow phone: a tap on
 * one of its links would do nothing. The page's own script follows it instead, as the browser would have.
 */

/** The frame in the app's root, inert until the app has taken it over (client/lib/page-frame.ts). */
export const FRAME_SELECTOR = '#root > [inert]';

/**
 * The page's link taps, in plain ES5 for old phones: a plain tap (no modifier key, not already answered, as by Quick
 * exit) that lands on a link of the inert frame opens it: a page of the site loads whole, drawn by the server, a
 * crisis line's `tel:` link calls, and a link that opens a new tab opens one. The frame is made live for the moment
 * it takes to find what lies under the tap, then inert again: an inert element is never found there.
 */
export const FRAME_LINKS_SCRIPT =
  "(function(){var d=document;d.addEventListener('click',function(e){" +
  'if(e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;' +
  `var f=d.querySelector('${FRAME_SELECTOR}');if(!f)return;` +
  "f.removeAttribute('inert');var t=d.elementFromPoint(e.clientX,e.clientY);f.setAttribute('inert','');" +
  "var a=t&&t.closest?t.closest('a[href]'):null;if(!a||!f.contains(a)||a.hasAttribute('download'))return;" +
  "e.preventDefault();if(a.target==='_blank')window.open(a.href,'_blank','noopener');else location.assign(a.href)" +
  '},true)})()';
