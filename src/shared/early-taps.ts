/**
 * The page's own script for the moments before the app has taken the page over (seconds on a slow phone): the page
 * the server drew (its frame) is inert until then, so nothing in it answers a tap. The script finds what lies under a
 * tap itself and does what the app would: Quick exit leaves (decision 060), a link opens (decision 061).
 */
import { CHLOE_STORAGE_KEY } from './chloe';
import { STORAGE_KEYS } from './constants';
import { SAVED_ANSWERS_CACHE } from './offline';
import {
  ESCAPE_PRESSES,
  ESCAPE_WINDOW_MS,
  QUICK_EXIT_BUTTON,
  QUICK_EXIT_LIVE,
  QUICK_EXIT_URL,
} from './quick-exit';

/** The frame in the app's root, inert until the app has taken it over (client/lib/page-frame.ts). */
export const FRAME_SELECTOR = '#root > [inert]';

/** On a menu's button (components/ui/popover-menu.tsx): its panel, `aria-controls`, opens before the app has loaded. */
export const EARLY_MENU = 'data-early-menu';

/**
 * On a button that opens a dialog drawn whole while closed (components/ui/modal.tsx, the phone's menu): its dialog,
 * `aria-controls`, opens before the app has loaded; a tap on a button marked `EARLY_CLOSE` in it, or on the element so
 * marked itself (the dimmed side), closes it. It opens with its close button focused, as the app's
 * does (the browser would focus Quick exit: one Enter too many must not leave).
 */
export const EARLY_DIALOG = 'data-early-dialog';
export const EARLY_CLOSE = 'data-early-close';

/**
 * In plain ES5 for old phones.
 * - A tap in the inert frame: the frame is made live for the moment `elementFromPoint` takes, then inert again (an
 *   inert element is never found there, and the point alone would not tell a sticky header's button from the card
 *   under it). On Quick Exit it leaves as the app's Quick exit does (lib/quick-exit.ts), as far as a page without the
 *   app can. A menu's button opens or closes its panel (the language menu, whose choices are links: decision 063), and
 *   a tap outside an open panel closes it; a dialog's button opens its dialog (the phone's menu, Urgent help: decision 066), whose
 *   close button or dimmed side closes it. On a link, with no modifier key, it opens the link as the browser would:
 *   a page of the site loads whole, a crisis line's `tel:` link calls, a link meant for a new tab opens one; a
 *   download waits for the app.
 * - Escape three times leaves too, until the app's own Quick exit answers (`QUICK_EXIT_LIVE`): the app hears a key
 *   even while the frame it has taken over is still inert, a tap only once it is not.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var d=document,h=d.documentElement,presses=[];' +
  'function leave(){h.style.visibility="hidden";d.title="";' +
  `try{[${[STORAGE_KEYS.user, STORAGE_KEYS.myList, CHLOE_STORAGE_KEY].map((key) => `'${key}'`).join(',')}].forEach(function(k){localStorage.removeItem(k)})}catch(e){}` +
  `try{caches.delete('${SAVED_ANSWERS_CACHE}').catch(function(){})}catch(e){}` +
  "try{fetch('/api/auth/signout',{method:'POST',credentials:'same-origin',keepalive:true}).catch(function(){})}catch(e){}" +
  "try{history.replaceState(null,'','/')}catch(e){}" +
  `location.replace('${QUICK_EXIT_URL}')}` +
  "d.addEventListener('click',function(e){if(e.defaultPrevented)return;" +
  `var f=d.querySelector('${FRAME_SELECTOR}');if(!f)return;` +
  "f.removeAttribute('inert');var t=d.elementFromPoint(e.clientX,e.clientY);f.setAttribute('inert','');" +
  'if(!t||!f.contains(t)||!t.closest)return;' +
  `if(t.closest('[${QUICK_EXIT_BUTTON}]')){e.preventDefault();leave();return}` +
  `var m=t.closest('[${EARLY_MENU}]'),open=f.querySelectorAll('[${EARLY_MENU}][aria-expanded="true"]'),i,p;` +
  "function panel(b){return d.getElementById(b.getAttribute('aria-controls')||'')}" +
  "function show(b,p,o){p.hidden=!o;b.setAttribute('aria-expanded',o?'true':'false')}" +
  'for(i=0;i<open.length;i++){p=panel(open[i]);if(open[i]!==m&&p&&!p.contains(t))show(open[i],p,false)}' +
  'if(m){p=panel(m);if(p){e.preventDefault();show(m,p,p.hidden)}return}' +
  `var g=t.closest('[${EARLY_DIALOG}]'),x=t.closest('[${EARLY_CLOSE}]');` +
  "if(g){p=d.getElementById(g.getAttribute('aria-controls')||'');if(p&&p.showModal){e.preventDefault();if(!p.open){p.showModal();" +
  `x=p.querySelector('button[${EARLY_CLOSE}]');if(x)x.focus()}}return}` +
  "if(x&&(x===t||x.tagName==='BUTTON')){p=x.closest('dialog');if(p&&p.open){e.preventDefault();p.close()}return}" +
  'if(e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey)return;' +
  "var a=t.closest('a[href]');if(!a||a.hasAttribute('download'))return;" +
  "e.preventDefault();if(a.target==='_blank')window.open(a.href,'_blank','noopener');else location.assign(a.href)" +
  '},true);' +
  `d.addEventListener('keydown',function(e){if(h.hasAttribute('${QUICK_EXIT_LIVE}')||e.key!=='Escape'||e.repeat||e.isComposing)return;` +
  `var now=Date.now();presses=presses.filter(function(t){return now-t<${ESCAPE_WINDOW_MS}});presses.push(now);` +
  `if(presses.length>=${ESCAPE_PRESSES})leave()},true)})()`;
