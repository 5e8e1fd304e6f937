import { z } from 'zod';
import { eventKind } from './events';

/**
 * The events PostgreSQL's own triggers publish when rows change, whoever changed them: declared here with the name
 * and shape each trigger writes, so they are heard through the registry like any other.
 */
const person = z.object({ u: z.string() });

/** A session of this person ended (migration 0006): their sockets are checked again, their sessions forgotten. */
export const sessionEnded = eventKind('auth', person);
/** This person's row changed (migration 0020): what is kept of their sessions is read again. */
export const userChanged = eventKind('user', person);
/** This person's likes, bookmarks, follows or posts changed (migration 0021): their kept marks are read again. */
export const marksChanged = eventKind('marks', person);
