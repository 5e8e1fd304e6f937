import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { questions, voiceNotes } from '../../db/schema';
import { AppError, errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { clearCaches } from './service';

/** The audio type read from the file's first bytes; the request's Content-Type is not trusted. */
export function sniffAudio(data: Buffer): 'audio/webm' | 'audio/ogg' | 'audio/mp4' | null {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (data.length >= 4 && data.subarray(0, 4).toString('latin1') === 'OggS') return 'audio/ogg';
  if (data.length >= 12 && data.subarray(4, 8).toString('latin1') === 'ftyp') return 'audio/mp4';
  return null;
}

export async function attachVoiceNote(db: Database, user: SessionUser, questionId: string, data: Buffer) {
  const [question] = await db
    .select({ authorId: questions.authorId })
    .from(questions)
    .where(eq(questions.id, questionId));
  if (!question) throw errors.notFound();
  if (question.authorId !== user.id) throw errors.forbidden();
  const mimeType = sniffAudio(data);
  if (!mimeType) throw new AppError(415, 'INVALID_AUDIO', 'errors.voiceNoteInvalid');
  const inserted = await db
    .insert(voiceNotes)
    .values({ questionId, mimeType, data, byteLength: data.length })
    .onConflictDoNothing()
    .returning({ questionId: voiceNotes.questionId });
  if (inserted.length === 0) throw new AppError(409, 'VOICE_NOTE_EXISTS', 'errors.voiceNoteExists');
  clearCaches(db);
}

export async function readVoiceNote(db: Database, questionId: string) {
  const [note] = await db
    .select({ mimeType: voiceNotes.mimeType, data: voiceNotes.data })
    .from(voiceNotes)
    .where(eq(voiceNotes.questionId, questionId));
  if (!note) throw errors.notFound();
  return note;
}
