import { addTexts } from './i18n';

// Imported by the screens and parts whose texts are not part of the first load: their texts in the reader's
// language start loading with them, and `withTexts` (lib/i18n.ts) waits for them before they render.
void addTexts({
  en: () => import('../../shared/i18n/pages.en').then((module) => module.pagesEn),
  vi: () => import('../../shared/i18n/pages.vi').then((module) => module.pagesVi),
});
