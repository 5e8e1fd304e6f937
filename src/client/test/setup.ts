import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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
