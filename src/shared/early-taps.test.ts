import { afterEach, describe, expect, it } from 'vitest';
import { CHLOE_STORAGE_KEY } from './chloe';
import { STORAGE_KEYS } from './constants';
import { SAVED_ANSWERS_CACHE } from './offline';
import { EARLY_QUICK_EXIT_SCRIPT, QUICK_EXIT_BUTTON, QUICK_EXIT_LIVE, QUICK_EXIT_URL } from './quick-exit';

/**
 * The page's script, run on this test's document with what it reaches of the browser standing in: what it asks of
 * each is written down. The page it runs on is the server's drawing, inert: a tap lands on the page underneath.
 */
function runOnPage() {
  const calls: string[] = [];
  document.body.innerHTML = `<div id="root"><div inert><header><button ${QUICK_EXIT_BUTTON}>Quick Exit</button></header></div></div>`;
  const button = document.querySelector('button')!;
  button.getBoundingClientRect = () =>
    ({ left: 280, right: 350, top: 5, bottom: 37, width: 70, height: 32 }) as DOMRect;
  const stand = {
    localStorage: { removeItem: (key: string) => calls.push(`forget ${key}`) },
    caches: { delete: (name: string) => (calls.push(`delete cache ${name}`), Promise.resolve(true)) },
    fetch: (url: string, init: RequestInit) => (calls.push(`${init.method} ${url}`), Promise.resolve()),
    history: { replaceState: (_: unknown, __: string, url: string) => calls.push(`state ${url}`) },
    location: { replace: (url: string) => calls.push(`replace ${url}`) },
  };
  const listeners: [string, EventListener][] = [];
  const watched = new Proxy(document, {
    get: (target, key) =>
      key === 'addEventListener'
        ? (type: string, listener: EventListener, capture: boolean) => {
            listeners.push([type, listener]);
            target.addEventListener(type, listener, capture);
          }
        : Reflect.get(target, key, target),
  });
  new Function('document', ...Object.keys(stand), EARLY_QUICK_EXIT_SCRIPT)(watched, ...Object.values(stand));
  cleanups.push(() =>
    listeners.forEach(([type, listener]) => document.removeEventListener(type, listener, true)),
  );
  const tap = (x: number, y: number) =>
    document
      .getElementById('root')!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: x, clientY: y }));
  const escape = (init: KeyboardEventInit = {}) =>
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, ...init }));
  return { calls, tap, escape };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.documentElement.removeAttribute(QUICK_EXIT_LIVE);
  document.documentElement.style.visibility = '';
});

const LEFT = [
  `forget ${STORAGE_KEYS.user}`,
  `forget ${STORAGE_KEYS.myList}`,
  `forget ${CHLOE_STORAGE_KEY}`,
  `delete cache ${SAVED_ANSWERS_CACHE}`,
  'POST /api/auth/signout',
  'state /',
  `replace ${QUICK_EXIT_URL}`,
];

describe('Quick exit before the app has come', () => {
  it('leaves on a tap where the button is drawn: blank at once, forgets the device’s things, signs out', () => {
    const page = runOnPage();
    page.tap(300, 20);
    expect(page.calls).toEqual(LEFT);
    expect(document.documentElement.style.visibility).toBe('hidden');
  });

  it('stays on a tap beside the button', () => {
    const page = runOnPage();
    page.tap(270, 20);
    page.tap(300, 40);
    expect(page.calls).toEqual([]);
  });

  it('leaves on Escape three times within two seconds, not on a held key’s repeats or twice', () => {
    const page = runOnPage();
    page.escape();
    page.escape({ repeat: true });
    page.escape({ isComposing: true });
    page.escape();
    expect(page.calls).toEqual([]);
    page.escape();
    expect(page.calls).toEqual(LEFT);
  });

  it('does nothing once the app’s own Quick exit answers', () => {
    const page = runOnPage();
    document.documentElement.setAttribute(QUICK_EXIT_LIVE, '');
    page.tap(300, 20);
    page.escape();
    page.escape();
    page.escape();
    expect(page.calls).toEqual([]);
  });
});
