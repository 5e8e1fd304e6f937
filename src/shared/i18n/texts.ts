/** Each language's texts, in the parts that load apart: the first page's, the screens', the later ones, the server's. */
import type { Locale } from '../languages';

export const TEXT_PARTS = ['first', 'pages', 'later', 'server'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

export const TEXTS: Record<Locale, Record<TextPart, () => Promise<Record<string, unknown>>>> = {
  en: {
    first: () => import('./en').then((m) => m.en),
    pages: () => import('./pages.en').then((m) => m.pagesEn),
    later: () => import('./later.en').then((m) => m.laterEn),
    server: () => import('./server.en').then((m) => m.serverEn),
  },
  vi: {
    first: () => import('./vi').then((m) => m.vi),
    pages: () => import('./pages.vi').then((m) => m.pagesVi),
    later: () => import('./later.vi').then((m) => m.laterVi),
    server: () => import('./server.vi').then((m) => m.serverVi),
  },
  'zh-Hans': {
    first: () => import('./zh-Hans').then((m) => m.zhHans),
    pages: () => import('./pages.zh-Hans').then((m) => m.pagesZhHans),
    later: () => import('./later.zh-Hans').then((m) => m.laterZhHans),
    server: () => import('./server.zh-Hans').then((m) => m.serverZhHans),
  },
  ne: {
    first: () => import('./ne').then((m) => m.ne),
    pages: () => import('./pages.ne').then((m) => m.pagesNe),
    later: () => import('./later.ne').then((m) => m.laterNe),
    server: () => import('./server.ne').then((m) => m.serverNe),
  },
};
