import { createHash } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { embeddings, governmentServices, knowledgeArticles } from '../../db/schema';
import { HUMAN_ANSWER } from '../questions';

/** Turns texts into vectors with the configured model (AI_EMBEDDING_MODEL on AI_BASE_URL). */
export interface Embedder {
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
}

export function embedderFor(config: Pick<Config, 'embedding'>): Embedder | undefined {
  if (!config.embedding) return undefined;
  const provider = createOpenAICompatible({
    name: 'openai-compatible',
    baseURL: config.embedding.baseUrl,
    apiKey: config.embedding.apiKey,
  });
  const model = provider.embeddingModel(config.embedding.model);
  return {
    model: config.embedding.model,
    async embed(values, signal) {
      const result = await embedMany({
        model,
        values,
        abortSignal: signal,
        maxRetries: 1,
        maxParallelCalls: 2,
      });
      return result.embeddings;
    },
  };
}

/** The text of an answered question that is embedded; the same expression in SQL finds those whose text changed. */
const QUESTION_TEXT = sql`q.title || E'\\n' || q.content`;
const ANSWERED = sql`exists (select 1 from replies r where ${HUMAN_ANSWER})`;
const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const BATCH = 32;
/** At most this many questions per run, so one run stays short; the next run takes the rest. */
const QUESTIONS_PER_RUN = 512;

type Item = { kind: 'article' | 'service' | 'question'; itemId: string; text: string; hash?: string };
/** Texts are cut to this many characters: enough for their meaning, and within every model's context. */
const MAX_TEXT = 4_000;
/** One batch may take this long before the run stops (the next run tries again). */
const BATCH_TIMEOUT_MS = 60_000;

async function store(db: Database, embedder: Embedder, items: Item[], signal?: AbortSignal): Promise<number> {
  for (let start = 0; start < items.length; start += BATCH) {
    const batch = items.slice(start, start + BATCH);
    const timeout = AbortSignal.timeout(BATCH_TIMEOUT_MS);
    const vectors = await embedder.embed(
      batch.map((item) => item.text.slice(0, MAX_TEXT)),
      signal ? AbortSignal.any([signal, timeout]) : timeout,
    );
    await db
      .insert(embeddings)
      .values(
        batch.map((item, i) => ({
          kind: item.kind,
          itemId: item.itemId,
          model: embedder.model,
          textHash: item.hash ?? md5(item.text),
          vector: vectors[i]!,
        })),
      )
      .onConflictDoUpdate({
        target: [embeddings.model, embeddings.kind, embeddings.itemId],
        set: { textHash: sql`excluded.text_hash`, vector: sql`excluded.vector`, updatedAt: sql`now()` },
      });
  }
  return items.length;
}

/**
 * Brings the embeddings up to date with the articles, services and answered questions: new and changed texts are
 * embedded (in batches), rows of removed items deleted. Run by the leading instance once a minute; returns how
 * many texts were embedded.
 */
export async function syncEmbeddings(
  db: Database,
  embedder: Embedder,
  signal?: AbortSignal,
): Promise<number> {
  const model = embedder.model;
  const [articleRows, serviceRows, known] = await Promise.all([
    db.select({ id: knowledgeArticles.id, data: knowledgeArticles.data }).from(knowledgeArticles),
    db
      .select({ id: governmentServices.id, data: governmentServices.data })
      .from(governmentServices)
      .where(isNull(governmentServices.archivedAt)),
    db
      .select({ kind: embeddings.kind, itemId: embeddings.itemId, textHash: embeddings.textHash })
      .from(embeddings)
      .where(and(eq(embeddings.model, model), sql`${embeddings.kind} <> 'question'`)),
  ]);
  const items: Item[] = [
    ...articleRows.map(({ id, data }) => ({
      kind: 'article' as const,
      itemId: id,
      text: [data.title.en, data.title.vi, data.summary.en, data.summary.vi, data.keywords.join(', ')].join(
        '\n',
      ),
    })),
    ...serviceRows.map(({ id, data }) => ({
      kind: 'service' as const,
      itemId: id,
      text: [data.title.en, data.title.vi, data.description.en, data.description.vi].join('\n'),
    })),
  ];
  const hashes = new Map(known.map((row) => [`${row.kind}:${row.itemId}`, row.textHash]));
  const changed = items.filter((item) => hashes.get(`${item.kind}:${item.itemId}`) !== md5(item.text));
  const current = new Set(items.map((item) => `${item.kind}:${item.itemId}`));
  const gone = known.filter((row) => !current.has(`${row.kind}:${row.itemId}`));
  for (const row of gone)
    await db
      .delete(embeddings)
      .where(
        and(eq(embeddings.model, model), eq(embeddings.kind, row.kind), eq(embeddings.itemId, row.itemId)),
      );

  // Questions: the database finds those without an embedding of their current text, and drops the rest.
  await db.execute(sql`
    delete from embeddings e where e.model = ${model} and e.kind = 'question'
      and not exists (select 1 from questions q where q.id = e.item_id::uuid and ${ANSWERED})`);
  const questionRows = await db.execute<{ id: string; text: string; hash: string }>(sql`
    select q.id, ${QUESTION_TEXT} as text, md5(${QUESTION_TEXT}) as hash from questions q
    where ${ANSWERED} and not exists (
      select 1 from embeddings e
      where e.model = ${model} and e.kind = 'question' and e.item_id = q.id::text and e.text_hash = md5(${QUESTION_TEXT}))
    order by q.created_at desc limit ${QUESTIONS_PER_RUN}`);
  // The hash PostgreSQL made is kept, so the next run compares like with like.
  const questionItems = questionRows.rows.map((row) => ({
    kind: 'question' as const,
    itemId: row.id,
    text: row.text,
    hash: row.hash,
  }));
  return store(db, embedder, [...changed, ...questionItems], signal);
}

/** A vector scaled to length 1, so a dot product is the cosine similarity. */
export function unit(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector);
  let norm = 0;
  for (const value of out) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i += 1) out[i]! /= norm;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) sum += a[i]! * b[i]!;
  return sum;
}

/** Items by their similarity to a query vector, best first. */
export function bySimilarity(
  query: Float32Array,
  vectors: Map<string, Float32Array>,
): { id: string; score: number }[] {
  return [...vectors]
    .map(([id, vector]) => ({ id, score: dot(query, vector) }))
    .sort((a, b) => b.score - a.score);
}

type QuestionVectors = {
  vectors: Map<string, Float32Array>;
  /** The latest `updated_at` read: the next look reads from a little before it. */
  since: Date | null;
  checkedAt: number;
  refreshing?: Promise<void>;
};
const questionCache = new WeakMap<object, Map<string, QuestionVectors>>();
/** How often an instance looks for new or removed question embeddings. */
const QUESTION_VECTORS_TTL_MS = 30_000;
/** Rows are read again from this long before the latest one seen, for a write whose transaction ended late. */
const LATE_WRITE_MS = 120_000;

async function refreshQuestionVectors(db: Database, model: string, entry: QuestionVectors): Promise<void> {
  const where = and(eq(embeddings.model, model), eq(embeddings.kind, 'question'));
  // One snapshot, so the rows read and the count agree.
  await db.transaction(
    async (tx) => {
      const read = async (into: Map<string, Float32Array>, since: Date | null) => {
        const rows = await tx
          .select({ itemId: embeddings.itemId, vector: embeddings.vector, updatedAt: embeddings.updatedAt })
          .from(embeddings)
          .where(and(where, since ? sql`${embeddings.updatedAt} > ${since.toISOString()}` : undefined));
        for (const row of rows) {
          into.set(row.itemId, unit(row.vector));
          if (!entry.since || row.updatedAt > entry.since) entry.since = row.updatedAt;
        }
        return into;
      };
      const from = entry.since && new Date(entry.since.getTime() - LATE_WRITE_MS);
      let next = await read(new Map(entry.vectors), from);
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(embeddings)
        .where(where);
      // Some were removed: read them all again.
      if (count !== next.size) next = await read(new Map(), null);
      entry.vectors = next;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * The embeddings of answered questions, kept in this process and brought up to date in the background at most
 * every 30 s (the first call waits for them). A failed look keeps what was there.
 */
export async function questionVectors(db: Database, model: string): Promise<Map<string, Float32Array>> {
  let byModel = questionCache.get(db);
  if (!byModel) questionCache.set(db, (byModel = new Map()));
  let entry = byModel.get(model);
  if (!entry) byModel.set(model, (entry = { vectors: new Map(), since: null, checkedAt: 0 }));
  const current = entry;
  if (Date.now() - current.checkedAt >= QUESTION_VECTORS_TTL_MS && !current.refreshing) {
    current.checkedAt = Date.now();
    current.refreshing = refreshQuestionVectors(db, model, current)
      .catch(() => undefined)
      .finally(() => (current.refreshing = undefined));
  }
  if (current.since === null && current.refreshing) await current.refreshing;
  return current.vectors;
}

/** Article and service embeddings of a model, by kind and id. */
export async function contentVectors(db: Database, model: string) {
  const rows = await db
    .select({ kind: embeddings.kind, itemId: embeddings.itemId, vector: embeddings.vector })
    .from(embeddings)
    .where(and(eq(embeddings.model, model), sql`${embeddings.kind} <> 'question'`));
  const articles = new Map<string, Float32Array>();
  const services = new Map<string, Float32Array>();
  for (const row of rows) (row.kind === 'article' ? articles : services).set(row.itemId, unit(row.vector));
  return { articles, services };
}
