import { addTexts, textsPart } from './i18n';

// Imported by the screens and parts whose texts are not part of the first load: their texts in the reader's
// language start loading with them, and `withTexts` (lib/i18n.ts) waits for them before they render.
void addTexts(textsPart('pages'));
