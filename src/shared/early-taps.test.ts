import { afterEach, describe, expect, it } from 'vitest';
import { CHLOE_STORAGE_KEY } from './chloe';
import { STORAGE_KEYS } from './constants';
import { EARLY_CLOSE, EARLY_DIALOG, EARLY_MENU, EARLY_TAPS_SCRIPT } from './early-taps';
import { SAVED_ANSWERS_CACHE } from './offline';
import { QUICK_EXIT_BUTTON, QUICK_EXIT_LIVE, QUICK_EXIT_URL } from './quick-exit';

/**
 * The page's script, run on this test's document with what it reaches of the browser standing in: what it asks of
 * each is written down. The page it runs on is the server's drawing, inert: a tap lands on the root underneath, and
 * `under` says what lies at a point once the frame is live (while it is inert, the browser finds the root there).
 */
function runOnPage(drawn: string, under: (x: number, y: number) => Element | null) {
  const calls: string[] = [];
  document.body.innerHTML = `<div id="root"><div inert>${drawn}</div></div>`;
  const root = document.getElementById('root')!;
  const frame = root.firstElementChild!;
  const stand = {
    localStorage: { removeItem: (key: string) => calls.push(`forget ${key}`) },
    caches: { delete: (name: string) => (calls.push(`delete cache ${name}`), Promise.resolve(true)) },
    fetch: (url: string, init: RequestInit) => (calls.push(`${init.method} ${url}`), Promise.resolve()),
    history: { replaceState: (_: unknown, __: string, url: string) => calls.push(`state ${url}`) },
    location: {
      replace: (url: string) => calls.push(`replace ${url}`),
      assign: (url: string) => calls.push(`go ${url}`),
    },
    window: { open: (url: string, target: string) => calls.push(`open ${url} ${target}`) },
  };
  const listeners: [string, EventListener][] = [];
  const page = new Proxy(document, {
    get: (target, key) => {
      if (key === 'addEventListener')
        return (type: string, listener: EventListener, capture: boolean) => {
          listeners.push([type, listener]);
          target.addEventListener(type, listener, capture);
        };
      if (key === 'elementFromPoint')
        return (x: number, y: number) => (frame.hasAttribute('inert') ? root : under(x, y));
      return Reflect.get(target, key, target) as unknown;
    },
  });
  new Function('document', ...Object.keys(stand), EARLY_TAPS_SCRIPT)(page, ...Object.values(stand));
  cleanups.push(() =>
    listeners.forEach(([type, listener]) => document.removeEventListener(type, listener, true)),
  );
  const tap = (x = 10, y = 10, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      clientX: x,
      clientY: y,
      ...init,
    });
    root.dispatchEvent(event);
    return event;
  };
  const escape = (init: KeyboardEventInit = {}) =>
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, ...init }));
  return { calls, frame, tap, escape };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((cleanup) => cleanup());
  document.documentElement.removeAttribute(QUICK_EXIT_LIVE);
  document.documentElement.style.visibility = '';
});

/** The header with Quick Exit drawn at 280–350 × 5–37. */
function quickExitPage() {
  return runOnPage(`<header><button ${QUICK_EXIT_BUTTON}>Quick Exit</button></header>`, (x, y) =>
    x >= 280 && x <= 350 && y >= 5 && y <= 37
      ? document.querySelector('button')
      : document.querySelector('header'),
  );
}

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
    const page = quickExitPage();
    page.tap(300, 20);
    expect(page.calls).toEqual(LEFT);
    expect(document.documentElement.style.visibility).toBe('hidden');
  });

  it('stays on a tap beside the button', () => {
    const page = quickExitPage();
    page.tap(270, 20);
    page.tap(300, 40);
    expect(page.calls).toEqual([]);
  });

  it('leaves on Escape three times within two seconds, not on a held key’s repeats or twice', () => {
    const page = quickExitPage();
    page.escape();
    page.escape({ repeat: true });
    page.escape({ isComposing: true });
    page.escape();
    expect(page.calls).toEqual([]);
    page.escape();
    expect(page.calls).toEqual(LEFT);
  });

  it('leaves on a tap while the frame is still inert, though the app’s Quick exit already hears Escape', () => {
    const page = quickExitPage();
    document.documentElement.setAttribute(QUICK_EXIT_LIVE, '');
    page.escape();
    page.escape();
    page.escape();
    expect(page.calls).toEqual([]);
    page.tap(300, 20);
    expect(page.calls).toEqual(LEFT);
  });

  it('does nothing once the app’s own Quick exit answers', () => {
    const page = quickExitPage();
    document.documentElement.setAttribute(QUICK_EXIT_LIVE, '');
    page.frame.removeAttribute('inert');
    page.tap(300, 20);
    page.escape();
    page.escape();
    page.escape();
    expect(page.calls).toEqual([]);
  });
});

const CARD = '<article><h3><a href="/questions/q1"><span>Where do I get a TFN?</span></a></h3></article>';

describe('links before the app has taken the page over', () => {
  it('opens a page of the site tapped in the inert frame, then leaves the frame inert', () => {
    const page = runOnPage(CARD, () => document.querySelector('span'));
    const event = page.tap();
    expect(page.calls).toEqual([`go ${new URL('/questions/q1', document.baseURI).href}`]);
    expect(event.defaultPrevented).toBe(true);
    expect(page.frame.hasAttribute('inert')).toBe(true);
  });

  it('calls a crisis line, and opens a link meant for a new tab in one', () => {
    const tapped = { on: 'a[href^="tel:"]' };
    const page = runOnPage(
      '<a href="tel:131114">13 11 14</a><a href="https://www.lifeline.org.au/" target="_blank">Lifeline</a>',
      () => document.querySelector(tapped.on),
    );
    page.tap();
    tapped.on = 'a[target]';
    page.tap();
    expect(page.calls).toEqual(['go tel:131114', 'open https://www.lifeline.org.au/ _blank']);
  });

  it('does nothing for a tap beside the links, a modified tap, one already answered, or a download', () => {
    const tapped = { on: 'p' };
    const page = runOnPage(`${CARD}<p>Text</p><a href="/api/me/export" download>Download</a>`, () =>
      document.querySelector(tapped.on),
    );
    page.tap();
    tapped.on = 'a[download]';
    page.tap();
    tapped.on = 'span';
    page.tap(10, 10, { ctrlKey: true });
    page.tap(10, 10, { button: 1 });
    const answered = new MouseEvent('click', { bubbles: true, cancelable: true });
    answered.preventDefault();
    document.getElementById('root')!.dispatchEvent(answered);
    expect(page.calls).toEqual([]);
  });

  it('does nothing once the app has taken the page over', () => {
    const page = runOnPage(CARD, () => document.querySelector('span'));
    page.frame.removeAttribute('inert');
    page.tap();
    expect(page.calls).toEqual([]);
  });
});

/** The header's language menu as the server draws it: closed, its choices links to the page in each language. */
const LANGUAGE_MENU =
  `<header><button ${EARLY_MENU} aria-expanded="false" aria-controls="languages">Change language</button>` +
  '<div id="languages" hidden><a href="?lang=ne" lang="ne">नेपाली</a></div></header><p>Text</p>';

describe('menus before the app has taken the page over', () => {
  it('opens the language menu, then follows the language tapped in it', () => {
    const tapped = { on: 'button' };
    const page = runOnPage(LANGUAGE_MENU, () => document.querySelector(tapped.on));
    const opened = page.tap();
    const panel = document.getElementById('languages')!;
    expect(opened.defaultPrevented).toBe(true);
    expect(panel.hidden).toBe(false);
    expect(document.querySelector('button')!.getAttribute('aria-expanded')).toBe('true');
    tapped.on = 'a';
    page.tap();
    expect(page.calls).toEqual([`go ${new URL('?lang=ne', document.baseURI).href}`]);
    expect(panel.hidden).toBe(false);
  });

  it('closes an open menu on its button again, or on a tap outside it', () => {
    const tapped = { on: 'button' };
    const page = runOnPage(LANGUAGE_MENU, () => document.querySelector(tapped.on));
    const panel = document.getElementById('languages')!;
    page.tap();
    page.tap();
    expect(panel.hidden).toBe(true);
    page.tap();
    tapped.on = 'p';
    page.tap();
    expect(panel.hidden).toBe(true);
    expect(document.querySelector('button')!.getAttribute('aria-expanded')).toBe('false');
    expect(page.calls).toEqual([]);
  });

  it('leaves a menu to the app once it has taken the page over', () => {
    const page = runOnPage(LANGUAGE_MENU, () => document.querySelector('button'));
    page.frame.removeAttribute('inert');
    page.tap();
    expect(document.getElementById('languages')!.hidden).toBe(true);
  });
});

/**
 * The phone's menu as the server draws it: its button, and its dialog drawn whole while closed, a link in its panel,
 * a close button, and the dimmed side beside the panel. The test's document has no modal dialogs: `showModal` and
 * `close` stand in.
 */
const PHONE_MENU =
  `<header><button ${EARLY_DIALOG} aria-controls="menu">Open menu</button></header>` +
  `<dialog id="menu"><div ${EARLY_CLOSE} id="side"><nav><a href="/faq">FAQ</a>` +
  `<button ${EARLY_CLOSE} id="close"><svg></svg></button></nav></div></dialog>`;

function phoneMenuPage(tapped: { on: string }) {
  const page = runOnPage(PHONE_MENU, () => document.querySelector(tapped.on));
  const dialog = document.querySelector('dialog')!;
  dialog.showModal = () => dialog.setAttribute('open', '');
  dialog.close = () => dialog.removeAttribute('open');
  return { ...page, dialog };
}

describe('the phone’s menu before the app has taken the page over', () => {
  it('opens on its button, then follows a link in it', () => {
    const tapped = { on: 'header button' };
    const page = phoneMenuPage(tapped);
    expect(page.tap().defaultPrevented).toBe(true);
    expect(page.dialog.open).toBe(true);
    expect(document.activeElement).toBe(document.getElementById('close'));
    tapped.on = 'a';
    page.tap();
    expect(page.calls).toEqual([`go ${new URL('/faq', document.baseURI).href}`]);
  });

  it('closes on its close button, its icon included, and on the dimmed side, not on its panel', () => {
    const tapped = { on: 'header button' };
    const page = phoneMenuPage(tapped);
    page.tap();
    tapped.on = 'nav';
    page.tap();
    expect(page.dialog.open).toBe(true);
    tapped.on = 'svg';
    page.tap();
    expect(page.dialog.open).toBe(false);
    tapped.on = 'header button';
    page.tap();
    tapped.on = '#side';
    page.tap();
    expect(page.dialog.open).toBe(false);
    expect(page.calls).toEqual([]);
  });

  it('leaves the menu to the app once it has taken the page over', () => {
    const page = phoneMenuPage({ on: 'header button' });
    page.frame.removeAttribute('inert');
    page.tap();
    expect(page.dialog.open).toBe(false);
  });
});
