import { randomBytes, randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pagesEn } from '../../../shared/i18n/pages.en';
import { pagesVi } from '../../../shared/i18n/pages.vi';
import type { Question } from '../../../shared/schemas/questions';
import { voiceNotes } from '../../db/schema';
import { useQuestionsApp, type FastUser } from './questions.test-helpers';
import { chromeWebmEndingAt, paddedMp4, voiceFixture } from './voice-notes.test-helpers';

const { t, a, alice, bob, admin } = useQuestionsApp();
describe('voice notes', () => {
  const ogg = () => voiceFixture('voice-3s.ogg');
  const upload = (user: FastUser | null, id: string, data: Buffer, type = 'audio/ogg') =>
    a().send({
      method: 'POST',
      url: `/api/questions/${id}/voice-note`,
      headers: { ...(user?.headers ?? {}), 'content-type': type },
      payload: data,
    });
  const myQuestion = async (user: FastUser, id: string) =>
    (await a().get('/api/me/questions', user.headers))
      .json<{ questions: Question[] }>()
      .questions.find((q) => q.id === id);

  it('stores an Ogg recording and serves its bytes back as audio/ogg', async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note: how do I say this in English?' });
    const data = ogg();
    const response = await upload(alice, question.id, data);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const played = await a().get(`/api/questions/${question.id}/voice-note`);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/ogg');
    // Only the listener's browser may keep it: a shared cache would serve it after the question is deleted.
    expect(played.headers['cache-control']).toBe('private, max-age=300');
    expect(Buffer.compare(played.rawPayload, data)).toBe(0);

    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(true);
    // The question page was cached when the question was posted; the upload clears it.
    expect((await a().detail(question.id)).hasVoiceNote).toBe(true);
    expect((await a().detail(question.id, alice.headers)).hasVoiceNote).toBe(true);
    const search = await a().list({ q: 'Voice note' });
    expect(search.questions.find((q) => q.id === question.id)?.hasVoiceNote).toBe(true);

    const second = await upload(alice, question.id, ogg());
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: pagesEn.errors.voiceNoteExists, code: 'VOICE_NOTE_EXISTS' });
    expect(Buffer.compare((await a().get(`/api/questions/${question.id}/voice-note`)).rawPayload, data)).toBe(
      0,
    );
  });

  it('sniffs the type from the bytes and does not trust the Content-Type', async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note with a lying content type' });
    const noise = randomBytes(4_096);
    noise.fill(0, 0, 12); // no magic number by chance
    const refused = await upload(alice, question.id, noise, 'audio/webm');
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ error: pagesEn.errors.voiceNoteInvalid, code: 'INVALID_AUDIO' });
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);
    expect((await a().get(`/api/questions/${question.id}/voice-note`)).statusCode).toBe(404);

    // Real WebM bytes sent as a generic binary are stored as WebM.
    const webm = voiceFixture('voice-3s-chrome.webm');
    expect((await upload(alice, question.id, webm, 'application/octet-stream')).statusCode).toBe(201);
    const played = await a().get(`/api/questions/${question.id}/voice-note`);
    expect(played.headers['content-type']).toBe('audio/webm');
  });

  it('refuses content types that are not audio with 415', async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note sent as an image' });
    expect((await upload(alice, question.id, ogg(), 'image/png')).statusCode).toBe(415);
    expect((await upload(alice, question.id, ogg(), 'text/plain')).statusCode).toBe(415);
    // Browsers record WebM, Ogg or MP4, never MP3: it is refused by its type and by its bytes.
    const mp3 = Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0', 'latin1'), Buffer.alloc(2_000, 0xff)]);
    const byType = await upload(alice, question.id, mp3, 'audio/mpeg');
    expect(byType.statusCode).toBe(415);
    expect(byType.json()).toEqual({
      error: pagesEn.errors.unsupportedMediaType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const byBytes = await upload(alice, question.id, mp3, 'application/octet-stream');
    expect(byBytes.statusCode).toBe(415);
    expect(byBytes.json()).toEqual({ error: pagesEn.errors.voiceNoteInvalid, code: 'INVALID_AUDIO' });
    const [stored] = await t.db
      .select({ n: count() })
      .from(voiceNotes)
      .where(eq(voiceNotes.questionId, question.id));
    expect(stored?.n).toBe(0);
  });

  it("refuses someone else's question with 403, visitors with 401 and unknown questions with 404", async () => {
    const question = await a().ask(alice.headers, { title: 'Voice note others try to add' });
    for (const user of [bob, admin]) {
      const response = await upload(user, question.id, ogg());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: pagesEn.errors.forbidden, code: 'FORBIDDEN' });
    }
    expect((await upload(null, question.id, ogg())).statusCode).toBe(401);
    expect((await upload(alice, randomUUID(), ogg())).statusCode).toBe(404);
    expect((await a().get(`/api/questions/${randomUUID()}/voice-note`)).statusCode).toBe(404);
  });

  it('accepts 3 MB and refuses anything larger with 413', async () => {
    const question = await a().ask(alice.headers, { title: 'A long voice note' });
    const tooLarge = await upload(
      alice,
      question.id,
      paddedMp4(voiceFixture('voice-3s.m4a'), 3 * 1024 * 1024 + 1),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: pagesEn.errors.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);

    const largest = paddedMp4(voiceFixture('voice-3s.m4a'), 3 * 1024 * 1024);
    expect((await upload(alice, question.id, largest, 'audio/mp4')).statusCode).toBe(201);
    const [stored] = await t.db
      .select({ bytes: voiceNotes.byteLength, mime: voiceNotes.mimeType })
      .from(voiceNotes)
      .where(eq(voiceNotes.questionId, question.id));
    expect(stored).toEqual({ bytes: 3 * 1024 * 1024, mime: 'audio/mp4' });
  });

  it.each([
    ['voice-3s-chrome.webm', 'audio/webm', 'audio/webm'],
    ['voice-3s-chrome.mp4', 'audio/mp4', 'audio/mp4'],
    ['voice-3s.webm', 'audio/webm', 'audio/webm'],
    ['voice-3s.ogg', 'audio/ogg', 'audio/ogg'],
    ['voice-3s.m4a', 'audio/x-m4a', 'audio/mp4'],
    ['voice-3s-fragmented.mp4', 'audio/mp4', 'audio/mp4'],
  ])('accepts a short recording: %s sent as %s', async (name, type, stored) => {
    const question = await a().ask(alice.headers, { title: `A short voice note in ${name}` });
    expect((await upload(alice, question.id, voiceFixture(name), type)).statusCode).toBe(201);
    expect((await a().get(`/api/questions/${question.id}/voice-note`)).headers['content-type']).toBe(stored);
  });

  it.each([
    ['voice-125s-chrome.webm', 'audio/webm'],
    ['voice-125s.ogg', 'audio/ogg'],
    ['voice-125s.m4a', 'audio/mp4'],
    ['voice-125s-fragmented.mp4', 'audio/mp4'],
  ])('refuses a recording over 2 minutes with 422: %s', async (name, type) => {
    const question = await a().ask(alice.headers, { title: `A voice note of 125 s in ${name}` });
    const refused = await upload(alice, question.id, voiceFixture(name), type);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: 'This voice note is longer than 2 minutes. Please record a shorter one.',
      code: 'VOICE_NOTE_TOO_LONG',
    });
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);
  });

  it('allows a recording stopped at 2 minutes a second of slack, and no more', async () => {
    const justOver = await a().ask(alice.headers, { title: 'A voice note stopped a moment late' });
    expect((await upload(alice, justOver.id, chromeWebmEndingAt(120_900), 'audio/webm')).statusCode).toBe(
      201,
    );
    const tooLate = await a().ask(alice.headers, { title: 'A voice note stopped too late' });
    const refused = await upload(alice, tooLate.id, chromeWebmEndingAt(121_100), 'audio/webm');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ code: string }>().code).toBe('VOICE_NOTE_TOO_LONG');
  });

  it('says a recording is too long in the caller’s language', async () => {
    const question = await a().ask(alice.headers, { title: 'Một ghi âm quá dài' });
    const refused = await a().send({
      method: 'POST',
      url: `/api/questions/${question.id}/voice-note`,
      headers: { ...alice.headers, 'content-type': 'audio/ogg', 'accept-language': 'vi' },
      payload: voiceFixture('voice-125s.ogg'),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      error: pagesVi.errors.voiceNoteTooLong.replace('{{minutes}}', '2'),
      code: 'VOICE_NOTE_TOO_LONG',
    });
  });

  it.each([
    ['voice-3s-chrome.webm', 'audio/webm'],
    ['voice-3s.ogg', 'audio/ogg'],
    ['voice-3s-fragmented.mp4', 'audio/mp4'],
  ])('refuses %s cut short, or with its magic number followed by noise, with 415', async (name, type) => {
    const question = await a().ask(alice.headers, { title: `A damaged voice note in ${name}` });
    const whole = voiceFixture(name);
    const noise = Buffer.concat([whole.subarray(0, 12), randomBytes(2_000)]);
    // Cut inside the last block or page: cut between two, a live recording is just a shorter one.
    for (const data of [whole.subarray(0, whole.length - 7), noise]) {
      const refused = await upload(alice, question.id, data, type);
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({ error: pagesEn.errors.voiceNoteInvalid, code: 'INVALID_AUDIO' });
    }
    expect((await myQuestion(alice, question.id))?.hasVoiceNote).toBe(false);
  });
});
