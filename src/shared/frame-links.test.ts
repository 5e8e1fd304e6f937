import { afterEach, describe, expect, it } from 'vitest';
import { FRAME_LINKS_SCRIPT } from './frame-links';

/**
 * The page's script, run on this test's document with the browser's navigation standing in: where it goes is written
 * down. The page is the server's drawing, inert: a tap lands on the root underneath, and what lies under it is found
 * only while the frame is live (the stand-in for `elementFromPoint` says so, as the browser would).
 */
function runOnPage(drawn: string, under: (frameLive: boolean) => Element | null) {
  const calls: string[] = [];
  document.body.innerHTML = `<div id="root"><div inert>${drawn}</div></div>`;
  const frame = document.querySelector('#root > div')!;
  const listeners: EventListener[] = [];
  const page = new Proxy(document, {
    get: (target, key) => {
      if (key === 'addEventListener')
        return (type: string, listener: EventListener, capture: boolean) => {
          listeners.push(listener);
          target.addEventListener(type, listener, capture);
        };
      if (key === 'elementFromPoint') return () => under(!frame.hasAttribute('inert'));
      return Reflect.get(target, key, target) as unknown;
    },
  });
  const stand = {
    location: { assign: (url: string) => calls.push(`go ${url}`) },
    window: { open: (url: string, target: string) => calls.push(`open ${url} ${target}`) },
  };
  new Function('document', ...Object.keys(stand), FRAME_LINKS_SCRIPT)(page, ...Object.values(stand));
  cleanups.push(() => listeners.forEach((listener) => document.removeEventListener('click', listener, true)));
  const tap = (init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', {
      bubbles: true,
      cancelable: true,
      clientX: 10,
      clientY: 10,
      ...init,
    });
    document.getElementById('root')!.dispatchEvent(event);
    return event;
  };
  return { calls, frame, tap };
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

const CARD = '<article><h3><a href="/questions/q1"><span>Where do I get a TFN?</span></a></h3></article>';

describe('links before the app has taken the page over', () => {
  it('opens a page of the site tapped in the inert frame, then leaves the frame inert', () => {
    const page = runOnPage(CARD, (live) => (live ? document.querySelector('span') : null));
    const event = page.tap();
    expect(page.calls).toEqual([`go ${new URL('/questions/q1', document.baseURI).href}`]);
    expect(event.defaultPrevented).toBe(true);
    expect(page.frame.hasAttribute('inert')).toBe(true);
  });

  it('calls a crisis line, and opens a link meant for a new tab in one', () => {
    const tapped = { on: 'a[href^="tel:"]' };
    const page = runOnPage(
      '<a href="tel:131114">13 11 14</a><a href="https://www.lifeline.org.au/" target="_blank">Lifeline</a>',
      (live) => (live ? document.querySelector(tapped.on) : null),
    );
    page.tap();
    tapped.on = 'a[target]';
    page.tap();
    expect(page.calls).toEqual(['go tel:131114', 'open https://www.lifeline.org.au/ _blank']);
  });

  it('does nothing for a tap beside the links, a modified tap, one already answered, or a download', () => {
    const tapped = { on: 'p' };
    const page = runOnPage(`${CARD}<p>Text</p><a href="/api/me/export" download>Download</a>`, (live) =>
      live ? document.querySelector(tapped.on) : null,
    );
    page.tap();
    tapped.on = 'a[download]';
    page.tap();
    tapped.on = 'span';
    page.tap({ ctrlKey: true });
    page.tap({ button: 1 });
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
