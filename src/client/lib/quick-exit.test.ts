import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHLOE_STORAGE_KEY } from '../../shared/chloe';
import { STORAGE_KEYS } from '../../shared/constants';
import { QUICK_EXIT_URL } from '../../shared/quick-exit';
import { callsTo, json, renderWithApp, sampleUser, stubFetch } from '../test/helpers';
import { mayKeepChloeConversation } from './chloe-conversation';
import { leaveNow, tripleEscapeListener } from './quick-exit';

function fakeWindow() {
  const calls: string[] = [];
  const win = {
    document: { documentElement: { style: { visibility: '' } }, title: 'Mentor Me' },
    history: {
      replaceState: vi.fn((_data: unknown, _unused: string, url?: string) => calls.push(`state ${url}`)),
    },
    location: { replace: vi.fn((url: string) => calls.push(`replace ${url}`)) },
    fetch: vi.fn<typeof fetch>(async () => new Response()),
  };
  return { win, calls };
}

describe('leaveNow', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('blanks the page, rewrites the current entry to /, then replaces it with the neutral site', () => {
    const { win, calls } = fakeWindow();
    leaveNow(win);
    expect(calls).toEqual(['state /', `replace ${QUICK_EXIT_URL}`]);
    expect(win.document.documentElement.style.visibility).toBe('hidden');
    expect(win.document.title).toBe('');
    expect(QUICK_EXIT_URL).toBe('https://www.bom.gov.au/');
  });

  it('takes the conversation with Chloe off the device, and nothing writes it back while the page goes', () => {
    localStorage.setItem(CHLOE_STORAGE_KEY, '[{"role":"user","content":"he hits me"}]');
    leaveNow(fakeWindow().win);
    expect(localStorage.getItem(CHLOE_STORAGE_KEY)).toBeNull();
    expect(mayKeepChloeConversation()).toBe(false);
  });

  it('takes My list off the device too', () => {
    localStorage.setItem(STORAGE_KEYS.myList, '[{"id":"safe-steps","name":"Safe Steps"}]');
    leaveNow(fakeWindow().win);
    expect(localStorage.getItem(STORAGE_KEYS.myList)).toBeNull();
  });

  it('signs out on the server by a request that outlives the page, and forgets the member on this device', async () => {
    let answerMe: (response: Response) => void = () => undefined;
    const appFetch = stubFetch((url) =>
      url === '/api/auth/me' ? new Promise<Response>((resolve) => (answerMe = resolve)) : json(200, {}),
    );
    renderWithApp(null, { user: sampleUser });
    expect(callsTo(appFetch, '/api/auth/me')).toHaveLength(1);
    const { win } = fakeWindow();
    leaveNow(win);
    expect(win.fetch).toHaveBeenCalledWith('/api/auth/signout', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
    });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    // The server's answer about the member, still on its way when they left, does not store them again.
    answerMe(json(200, { user: sampleUser }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('still leaves when the history cannot be rewritten', () => {
    const { win } = fakeWindow();
    win.history.replaceState.mockImplementation(() => {
      throw new Error('SecurityError');
    });
    leaveNow(win);
    expect(win.location.replace).toHaveBeenCalledWith(QUICK_EXIT_URL);
  });
});

describe('tripleEscapeListener', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

  function setup() {
    let time = 0;
    const onTriple = vi.fn();
    const listener = tripleEscapeListener(onTriple, () => time);
    const press = (init: KeyboardEventInit = { key: 'Escape' }, after = 300) => {
      time += after;
      listener(key(init));
    };
    return { onTriple, press };
  }

  it('fires on the third Escape within two seconds, and only once for it', () => {
    const { onTriple, press } = setup();
    press();
    press();
    expect(onTriple).not.toHaveBeenCalled();
    press();
    expect(onTriple).toHaveBeenCalledTimes(1);
    press();
    expect(onTriple).toHaveBeenCalledTimes(1);
  });

  it('does not fire for one Escape (closing a dialog) or two', () => {
    const { onTriple, press } = setup();
    press();
    press({ key: 'Escape' }, 5000);
    press();
    expect(onTriple).not.toHaveBeenCalled();
  });

  it('forgets presses older than two seconds', () => {
    const { onTriple, press } = setup();
    press();
    press({ key: 'Escape' }, 1000);
    press({ key: 'Escape' }, 1500);
    expect(onTriple).not.toHaveBeenCalled();
    press({ key: 'Escape' }, 100);
    expect(onTriple).toHaveBeenCalledTimes(1);
  });

  it('ignores other keys, a held key repeating and an input method composing', () => {
    const { onTriple, press } = setup();
    press({ key: 'Enter' });
    press({ key: 'Escape', repeat: true });
    press({ key: 'Escape', isComposing: true });
    press({ key: 'Esc' });
    press();
    press();
    expect(onTriple).not.toHaveBeenCalled();
    press();
    expect(onTriple).toHaveBeenCalledTimes(1);
  });
});
