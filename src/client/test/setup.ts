import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { loadEveryLanguage } from '../lib/i18n';
import '../lib/page-texts';

// A screen waited for (findBy…, waitFor) may take more than a second to draw on a slow or busy machine; a test
// that fails waits five.
configure({ asyncUtilTimeout: 5_000 });

// The screens' tests switch languages at once: every text in every language is in before they start.
await loadEveryLanguage();

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The test files of a worker share its page (vitest.config.ts): each leaves it as it found it. The app's own modules
// are loaded afresh for the next file, so what they keep (the language, a toast, a quick exit under way) is its own.
afterAll(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.useRealTimers();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  for (const element of [document.documentElement, document.body])
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  document.title = '';
  window.history.replaceState(null, '', '/');
});
