import type { FastifyReply } from 'fastify';
import type { Locale } from '../../../shared/constants';
import type { ListQuestionsOptions } from '../../../shared/schemas/questions';
import type { Database } from '../../db/client';
import type { SessionUser } from '../../plugins/auth';
import { perDatabaseCache } from '../../lib/ttl-cache';
import { claimFor, type StoredClaim } from './claims';
import { feedKey, feedPage } from './feed';
import { questionDetail, shapeReply } from './question-detail';
import { shapeQuestion, viewerFlags, type QuestionRow, type ViewerFlags } from './question-shape';

/**
 * A member's feed and question page differ from a visitor's only in their own marks (liked, bookmarked, followed)
 * and whether a question or reply is theirs. So the rest is written as JSON once, shared by every member (kept and
 * cleared as the visitors' copy is), and each member's answer is those pieces with their marks put in: no shaping or
 * serializing per request. Admins, who see the authors of anonymous questions, and searches and later pages take the
 * general path.
 */

/** An object written as JSON without its closing brace, and whose it is. */
type Piece = { json: string; id: string; authorId: string | null };
/** The same, as bytes ready to send. */
type BytePiece = { bytes: Buffer; id: string; authorId: string | null };
type PreparedList = {
  head: Buffer;
  questions: BytePiece[];
  middle: Buffer;
  urgent: BytePiece[];
  tail: Buffer;
};
type PreparedDetail = { question: Piece; replies: Piece[]; claim: StoredClaim | null };

const NO_MARKS: ViewerFlags = { liked: false, bookmarked: false, followed: false };

/** The object as JSON, open for more fields. */
const open = (shown: object) => JSON.stringify(shown).slice(0, -1);

function questionPiece(row: QuestionRow, locale: Locale, full: boolean): Piece {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the viewer's own fields, put in per member
  const { liked, bookmarked, followed, isOwn, replies, ...shown } = shapeQuestion(
    row,
    null,
    locale,
    NO_MARKS,
    full,
  );
  return { json: open(full ? shown : { ...shown, replies }), id: row.id, authorId: row.author_id };
}

/** The member's fields that close a question's JSON. */
const marksJson = (marks: ViewerFlags, isOwn: boolean) =>
  `,"liked":${marks.liked},"bookmarked":${marks.bookmarked},"followed":${marks.followed},"isOwn":${isOwn}}`;

/** Every way a question's JSON can close, as bytes: 16, by the four fields (liked, bookmarked, followed, isOwn). */
const CLOSINGS = Array.from({ length: 16 }, (_, bits) =>
  Buffer.from(
    marksJson({ liked: !!(bits & 8), bookmarked: !!(bits & 4), followed: !!(bits & 2) }, !!(bits & 1)),
  ),
);
const closing = (marks: ViewerFlags, isOwn: boolean) =>
  CLOSINGS[(+marks.liked << 3) | (+marks.bookmarked << 2) | (+marks.followed << 1) | +isOwn]!;
const COMMA = Buffer.from(',');

const bytePiece = (piece: Piece): BytePiece => ({ ...piece, bytes: Buffer.from(piece.json) });

const listCache = perDatabaseCache<PreparedList>(5_000, 2_000);
const detailCache = perDatabaseCache<PreparedDetail>(5_000, 2_000);

/** A member's feed as JSON bytes, or null when it takes the general path. */
export async function memberListJson(
  db: Database,
  viewer: SessionUser,
  locale: Locale,
  options: ListQuestionsOptions,
): Promise<Buffer | null> {
  if (viewer.role === 'admin' || options.q || options.cursor || options.rest) return null;
  const key = `${feedKey(options)}|${locale}`;
  const prepared = await listCache(db).get(key, async () => {
    const page = await feedPage(db, options);
    return {
      head: Buffer.from('{"questions":['),
      questions: page.rows.map((row) => bytePiece(questionPiece(row, locale, false))),
      middle: Buffer.from('],"urgent":['),
      urgent: page.urgent.map((row) => bytePiece(questionPiece(row, locale, false))),
      tail: Buffer.from(`],"nextCursor":${JSON.stringify(page.nextCursor)}}`),
    };
  });
  const marks = await viewerFlags(
    db,
    viewer,
    [...prepared.questions, ...prepared.urgent].map((piece) => piece.id),
  );
  const parts: Buffer[] = [prepared.head];
  const list = (pieces: BytePiece[]) =>
    pieces.forEach((piece, index) => {
      if (index > 0) parts.push(COMMA);
      parts.push(piece.bytes, closing(marks(piece.id), piece.authorId === viewer.id));
    });
  list(prepared.questions);
  parts.push(prepared.middle);
  list(prepared.urgent);
  parts.push(prepared.tail);
  return Buffer.concat(parts);
}

/** A member's question page as JSON, or null when it takes the general path; a missing question throws 404. */
export async function memberQuestionJson(
  db: Database,
  viewer: SessionUser,
  locale: Locale,
  id: string,
  now = new Date(),
): Promise<string | null> {
  if (viewer.role === 'admin') return null;
  const prepared = await detailCache(db).get(`${id}|${locale}`, async () => {
    const { row, replies, claim } = await questionDetail(db, id);
    return {
      claim,
      question: questionPiece(row, locale, true),
      replies: replies.map((reply) => ({
        json: open(shapeReply(reply, row, null)),
        id: reply.id,
        authorId: reply.author_id,
      })),
    };
  });
  const marks = await viewerFlags(db, viewer, [id]);
  const replies = prepared.replies
    .map((reply) => `${reply.json},"isOwn":${reply.authorId === viewer.id}}`)
    .join(',');
  const claim = JSON.stringify(claimFor(prepared.claim, viewer.id, now));
  return `${prepared.question.json},"replies":[${replies}],"claim":${claim}${marksJson(marks(id), prepared.question.authorId === viewer.id)}`;
}

/** Sends JSON already written. */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  // The type provider expects the schema's object; this is that object, serialized.
  return reply.type('application/json; charset=utf-8').send(json as never);
}
