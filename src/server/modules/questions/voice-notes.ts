import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { questions, voiceNotes } from '../../db/schema';
import { QUESTION_LIMITS } from '../../../shared/schemas/questions';
import { errors } from '../../errors';
import type { SessionUser } from '../../plugins/auth';
import { audioDuration, type AudioContainer } from './audio';
import { publishQuestionsChanged } from './cache';

/**
 * A recording stopped at the limit can run a little past it: the recorder's timer ticks four times a second and
 * the last packet ends after it.
 */
const VOICE_NOTE_TOLERANCE_SECONDS = 1;

/** The audio type read from the file's first bytes; the request's Content-Type is not trusted. */
export function sniffAudio(data: Buffer): AudioContainer | null {
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
  const seconds = mimeType && audioDuration(data, mimeType);
  if (!mimeType || seconds === null) throw errors.invalidAudio();
  const maxSeconds = QUESTION_LIMITS.voiceNoteMaxSeconds;
  if (seconds > maxSeconds + VOICE_NOTE_TOLERANCE_SECONDS) throw errors.voiceNoteTooLong(maxSeconds);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(voiceNotes)
      .values({ questionId, mimeType, data, byteLength: data.length })
      .onConflictDoNothing()
      .returning({ questionId: voiceNotes.questionId });
    if (inserted.length === 0) throw errors.voiceNoteExists();
    await publishQuestionsChanged(tx);
  });
}

export async function readVoiceNote(db: Database, questionId: string) {
  const [note] = await db
    .select({ mimeType: voiceNotes.mimeType, data: voiceNotes.data })
    .from(voiceNotes)
    .where(eq(voiceNotes.questionId, questionId));
  if (!note) throw errors.notFound();
  return note;
}
