/** Product-wide constants shared by the server and the client. */

export const ROLES = ['student', 'mentor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const SIGNUP_ROLES = ['student', 'mentor'] as const;

export { DEFAULT_LOCALE, LOCALES, type Locale } from './languages';

export const LIMITS = {
  emailMax: 254,
  displayNameMax: 60,
  passwordMin: 8,
  passwordMax: 128,
  jsonBodyBytes: 1024 * 1024,
} as const;

export const SESSION = {
  cookieName: 'mentorme_session',
  productionCookieName: '__Host-mentorme_session',
  /** Sliding expiry: every use pushes the end out again. */
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
  /** Writes of the new expiry are skipped while the last one is this fresh. */
  touchIntervalMs: 60 * 60 * 1000,
} as const;

export const STORAGE_KEYS = {
  user: 'mentorme.user',
  language: 'mentorme.language',
  /** The organisations a reader saved ("My list"), on this device only. */
  myList: 'mentorme.myList',
  /** The feed shows questions in the reader's languages first, on this device. */
  languagesFirst: 'mentorme.languagesFirst',
} as const;

/**
 * How long the language cookie (`STORAGE_KEYS.language`, only a language's code) is kept, in seconds: a year. The app
 * sets it, and the server when a page's address names its language (`?lang=`).
 */
export const LANGUAGE_COOKIE_AGE_S = 365 * 24 * 60 * 60;

export const UI = {
  toastDurationMs: 5000,
  toastRemoveDelayMs: 1_000_000,
  toastSwipeThreshold: 50,
  toastHotkey: ['F8'],
  loginRedirectDelayMs: 1500,
} as const;

export const CRISIS_LINES = [
  { id: 'emergency', number: '000', tel: '000' },
  { id: 'lifeline', number: '13 11 14', tel: '131114' },
  { id: 'respect', number: '1800 737 732', tel: '1800737732' },
  { id: 'tis', number: '131 450', tel: '131450' },
] as const;

/** The official register of migration agents, where Chloe points every visa and legal question. */
export const MARA_REGISTER_URL = 'https://portal.mara.gov.au/search-the-register-of-migration-agents/';
