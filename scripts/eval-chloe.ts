/**
 * npm run eval:chloe: how well Chloe's retrieval finds the right knowledge articles for real-sounding questions
 * (content/knowledge/eval/*.json, English and Vietnamese). For each question, the top 3 articles retrieved are
 * compared with the expected ones: precision at 3 = expected among those returned / number returned (up to 3;
 * nothing returned counts as 0), recall at 3 = expected among those returned / number expected. Goal: both >= 0.8.
 * Uses DATABASE_URL when set, else the embedded PostgreSQL in .data/eval.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evalFileSchema } from '../src/shared/schemas/knowledge';
import { loadConfig } from '../src/server/config';
import { connectDatabase } from '../src/server/db/connect';
import { loadHelpContent, syncHelpContent } from '../src/server/db/seed/help-content';
import { loadKnowledge, syncKnowledge } from '../src/server/db/seed/knowledge';
import { retrieve } from '../src/server/modules/ai/retrieval';

const root = path.resolve(import.meta.dirname, '..');
const evalDir = path.join(root, 'content/knowledge/eval');

async function main() {
  const cases = readdirSync(evalDir)
    .filter((name) => name.endsWith('.json'))
    .flatMap(
      (name) => evalFileSchema.parse(JSON.parse(readFileSync(path.join(evalDir, name), 'utf8'))).cases,
    );
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: process.env.DATA_DIR ?? '.data/eval',
  });
  const database = await connectDatabase(config, () => undefined);
  try {
    await syncHelpContent(database.db, loadHelpContent());
    await syncKnowledge(database.db, loadKnowledge());
    let precision = 0;
    let recall = 0;
    const byLocale: Record<string, { n: number; p: number; r: number }> = {};
    for (const item of cases) {
      const { articles } = await retrieve(database.db, item.question);
      const ids = articles.slice(0, 3).map((article) => article.id);
      const hits = ids.filter((id) => item.expected.includes(id)).length;
      const p = ids.length ? hits / ids.length : 0;
      const r = hits / item.expected.length;
      precision += p;
      recall += r;
      const locale = (byLocale[item.locale] ??= { n: 0, p: 0, r: 0 });
      locale.n += 1;
      locale.p += p;
      locale.r += r;
      if (r < 1 || p < 1)
        console.log(
          `  ${item.locale} "${item.question}"\n     expected ${item.expected.join(', ')}; got ${ids.join(', ') || 'nothing'}`,
        );
    }
    console.log(`\n${cases.length} questions`);
    for (const [locale, v] of Object.entries(byLocale))
      console.log(
        `  ${locale}: ${v.n} questions, precision@3 ${(v.p / v.n).toFixed(2)}, recall@3 ${(v.r / v.n).toFixed(2)}`,
      );
    console.log(
      `precision@3 ${(precision / cases.length).toFixed(2)}   recall@3 ${(recall / cases.length).toFixed(2)}   (goal >= 0.80 each)`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
