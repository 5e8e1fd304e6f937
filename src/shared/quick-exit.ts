/**
 * Quick exit's constants, and its first form: the page's own script, which answers a tap on Quick Exit and Escape
 * three times from the first paint, before the app's code has come (seconds on a slow phone), and stands down once
 * the app's own Quick exit answers (`QUICK_EXIT_LIVE`).
 */
import { CHLOE_STORAGE_KEY } from './chloe';
import { STORAGE_KEYS } from './constants';
import { SAVED_ANSWERS_CACHE } from './offline';

/** The neutral page Quick exit leaves for: the weather is a page anyone might open. */
export const QUICK_EXIT_URL = 'https://www.bom.gov.au/';

/** Escape pressed this many times within the window leaves, so one Escape that closes a dialog never does. */
export const ESCAPE_PRESSES = 3;
export const ESCAPE_WINDOW_MS = 2000;

/** The attribute Quick Exit's buttons carry, which the page's script finds them by. */
export const QUICK_EXIT_BUTTON = 'data-quick-exit';

/** Set on `<html>` by the app once its own Quick exit answers: the page's script then does nothing. */
export const QUICK_EXIT_LIVE = 'data-quick-exit-live';

/**
 * The page's Quick exit, in plain ES5 for old phones: what the app's does (lib/quick-exit.ts), as far as a page
 * without the app can. The page the server drew is inert until the app takes it over, so a tap reaches the page
 * underneath the button: it is found by where it was tapped.
 */
export const EARLY_QUICK_EXIT_SCRIPT =
  '(function(){var d=document,h=d.documentElement,presses=[];' +
  `function live(){return h.hasAttribute('${QUICK_EXIT_LIVE}')}` +
  'function leave(){h.style.visibility="hidden";d.title="";' +
  `try{[${[STORAGE_KEYS.user, STORAGE_KEYS.myList, CHLOE_STORAGE_KEY].map((key) => `'${key}'`).join(',')}].forEach(function(k){localStorage.removeItem(k)})}catch(e){}` +
  `try{caches.delete('${SAVED_ANSWERS_CACHE}').catch(function(){})}catch(e){}` +
  "try{fetch('/api/auth/signout',{method:'POST',credentials:'same-origin',keepalive:true}).catch(function(){})}catch(e){}" +
  "try{history.replaceState(null,'','/')}catch(e){}" +
  `location.replace('${QUICK_EXIT_URL}')}` +
  "d.addEventListener('click',function(e){if(live())return;" +
  `var b=d.querySelectorAll('[${QUICK_EXIT_BUTTON}]');for(var i=0;i<b.length;i++){var r=b[i].getBoundingClientRect();` +
  'if(r.width&&e.clientX>=r.left&&e.clientX<=r.right&&e.clientY>=r.top&&e.clientY<=r.bottom){e.preventDefault();leave();return}}},true);' +
  "d.addEventListener('keydown',function(e){if(live()||e.key!=='Escape'||e.repeat||e.isComposing)return;" +
  `var now=Date.now();presses=presses.filter(function(t){return now-t<${ESCAPE_WINDOW_MS}});presses.push(now);` +
  `if(presses.length>=${ESCAPE_PRESSES})leave()},true)})()`;
