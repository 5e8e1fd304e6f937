import { pagesEn } from '../../shared/i18n/pages.en';
import { pagesVi } from '../../shared/i18n/pages.vi';
import { registerTexts } from './i18n';

/** Imported for its effect by the screens whose texts are not part of the first load. */
registerTexts({ en: pagesEn, vi: pagesVi });
