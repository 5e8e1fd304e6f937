/**
 * npm run eval:chloe: how well Chloe's retrieval finds the right knowledge articles, on the two parts of
 * content/knowledge/eval: `tuning` (the constants of lexical.ts and retrieval.ts were chosen on it) and `test`
 * (never used to choose anything). For each question, the articles retrieved (at most 3) are compared with the
 * expected ones: precision at 3 = expected among those returned / number returned (nothing returned counts as 0),
 * recall at 3 = expected among those returned / number expected. Questions that expect nothing (off-topic) count
 * as right when nothing is returned. Goal on the test part: both >= 0.85 in each language, and >= 90% of off-topic
 * questions answered with nothing.
 *
 * `--verbose` lists every miss; `--part tuning|test` limits the run to one part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evalFileSchema } from '../src/shared/schemas/knowledge';
import { loadHelpContent } from '../src/server/db/seed/help-content';
import { loadKnowledge } from '../src/server/db/seed/knowledge';
import { rankArticles } from '../src/server/modules/ai/retrieval';
import { buildSearchIndexes, type SearchIndexes } from '../src/server/modules/ai/search-index';

const root = path.resolve(import.meta.dirname, '..');
const evalDir = path.join(root, 'content/knowledge/eval');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const onlyPart = args.includes('--part') ? args[args.indexOf('--part') + 1] : undefined;

type Tally = { n: number; p: number; r: number };
const percent = (share: number) => `${Math.round(share * 100)}%`;

function evaluate(indexes: SearchIndexes, part: string) {
  const dir = path.join(evalDir, part);
  const cases = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => evalFileSchema.parse(JSON.parse(readFileSync(path.join(dir, name), 'utf8'))).cases);
  const byLocale: Record<string, Tally> = {};
  const offTopic = { n: 0, nothing: 0 };
  for (const item of cases) {
    const ids = rankArticles(indexes, item.question).map((row) => row.id);
    if (item.expected.length === 0) {
      offTopic.n += 1;
      if (ids.length === 0) offTopic.nothing += 1;
      else if (verbose)
        console.log(`  ${item.locale} off-topic "${item.question}"\n     got ${ids.join(', ')}`);
      continue;
    }
    const hits = ids.filter((id) => item.expected.includes(id)).length;
    const p = ids.length ? hits / ids.length : 0;
    const r = hits / item.expected.length;
    const tally = (byLocale[item.locale] ??= { n: 0, p: 0, r: 0 });
    tally.n += 1;
    tally.p += p;
    tally.r += r;
    if (verbose && (p < 1 || r < 1))
      console.log(
        `  ${item.locale} "${item.question.slice(0, 160)}"\n     expected ${item.expected.join(', ')}; got ${ids.join(', ') || 'nothing'}`,
      );
  }
  return { byLocale, offTopic, cases: cases.length };
}

function main() {
  const indexes = buildSearchIndexes(loadKnowledge(), loadHelpContent().services);
  for (const part of ['tuning', 'test'].filter((name) => !onlyPart || name === onlyPart)) {
    const { byLocale, offTopic, cases } = evaluate(indexes, part);
    console.log(`\n${part}: ${cases} questions`);
    for (const [locale, t] of Object.entries(byLocale).sort())
      console.log(
        `  ${locale}: ${t.n} questions, precision@3 ${(t.p / t.n).toFixed(2)}, recall@3 ${(t.r / t.n).toFixed(2)}`,
      );
    if (offTopic.n)
      console.log(
        `  off-topic: ${offTopic.n} questions, ${percent(offTopic.nothing / offTopic.n)} answered with nothing`,
      );
  }
  console.log('\ngoal on the test part: precision@3 and recall@3 >= 0.85 in each language, off-topic >= 90%');
}

main();
