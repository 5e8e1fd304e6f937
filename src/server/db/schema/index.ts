/** The database's tables, by domain; drizzle-kit reads them all from here (drizzle.config.ts). */
export * from './accounts';
export * from './questions';
export * from './chat';
export * from './moderation';
export * from './content';
export * from './mail';
export * from './notifications';
export * from './operations';
export * from './chloe';
