import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadEveryLanguage } from '../lib/i18n';
import '../lib/page-texts';

// The screens' tests switch languages at once: every text in every language is in before they start.
await loadEveryLanguage();

afterEach(() => {
  cleanup();
  localStorage.clear();
});
