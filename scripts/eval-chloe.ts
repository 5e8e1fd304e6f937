/**
 * npm run eval:chloe: how well Chloe's retrieval finds the right knowledge articles, on the two parts of
 * content/knowledge/eval: `tuning` (the constants of lexical.ts and retrieval.ts were chosen on it) and `test`
 * (never used to choose anything). For each question, the articles retrieved (at most 3) are compared with the
 * expected ones: precision at 3 = expected among those returned / number returned (nothing returned counts as 0),
 * recall at 3 = expected among those returned / number expected; what a reader feels: hit at 1 = the share whose
 * first article is expected, success at 3 = the share with an expected one among the three. Questions that expect
 * nothing (off-topic) count as right when nothing is returned. Goal on the test part, in each language: hit@1 >=
 * 0.90, success@3 >= 0.95, precision@3 >= 0.85, and >= 90% of off-topic questions answered with nothing.
 *
 * `--verbose` lists every miss; `--part tuning|test` limits the run to one part; `--grid` searches the constants on
 * the tuning part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { evalFileSchema, type evalCaseSchema } from '../src/shared/schemas/knowledge';
import { loadHelpContent } from '../src/server/db/seed/help-content';
import { loadKnowledge } from '../src/server/db/seed/knowledge';
import { RANKER } from '../src/server/modules/chloe/lexical';
import { ARTICLE_THRESHOLD, rankArticles } from '../src/server/modules/chloe/retrieval';
import { questionWithSynonyms, type Query } from '../src/server/modules/chloe/query';
import { buildSearchIndexes } from '../src/server/modules/chloe/search-index';

const root = path.resolve(import.meta.dirname, '..');
const evalDir = path.join(root, 'content/knowledge/eval');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const onlyPart = args.includes('--part') ? args[args.indexOf('--part') + 1] : undefined;

type EvalCase = z.infer<typeof evalCaseSchema>;
type Tally = { n: number; p: number; r: number; hit1: number; success3: number };
const percent = (share: number) => `${Math.round(share * 100)}%`;

function casesOf(part: string): EvalCase[] {
  const dir = path.join(evalDir, part);
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => evalFileSchema.parse(JSON.parse(readFileSync(path.join(dir, name), 'utf8'))).cases);
}

function evaluate(cases: EvalCase[], retrieved: (item: EvalCase, i: number) => string[], log = false) {
  const byLocale: Record<string, Tally> = {};
  const offTopic = { n: 0, nothing: 0 };
  cases.forEach((item, i) => {
    const ids = retrieved(item, i);
    if (item.expected.length === 0) {
      offTopic.n += 1;
      if (ids.length === 0) offTopic.nothing += 1;
      else if (log) console.log(`  ${item.locale} off-topic "${item.question}"\n     got ${ids.join(', ')}`);
      return;
    }
    const hits = ids.filter((id) => item.expected.includes(id)).length;
    const p = ids.length ? hits / ids.length : 0;
    const r = hits / item.expected.length;
    const tally = (byLocale[item.locale] ??= { n: 0, p: 0, r: 0, hit1: 0, success3: 0 });
    tally.n += 1;
    tally.p += p;
    tally.r += r;
    if (ids[0] && item.expected.includes(ids[0])) tally.hit1 += 1;
    if (hits > 0) tally.success3 += 1;
    if (log && (p < 1 || r < 1))
      console.log(
        `  ${item.locale} "${item.question.slice(0, 160)}"\n     expected ${item.expected.join(', ')}; got ${ids.join(', ') || 'nothing'}`,
      );
  });
  return { byLocale, offTopic };
}

/**
 * The same question asked in several languages (the same `pair`): its English case beside each of the others, whose
 * first article should be the same.
 */
function translatedPairs(cases: EvalCase[]): [EvalCase, EvalCase][] {
  const byPair = new Map<string, EvalCase[]>();
  for (const item of cases) if (item.pair) byPair.set(item.pair, [...(byPair.get(item.pair) ?? []), item]);
  return [...byPair.values()].flatMap((list) => {
    const english = list.find((item) => item.locale === 'en');
    return english
      ? list.filter((item) => item !== english).map((item) => [english, item] as [EvalCase, EvalCase])
      : [];
  });
}

const indexes = () => buildSearchIndexes(loadKnowledge(), loadHelpContent().services);

function report() {
  const built = indexes();
  for (const part of ['tuning', 'test'].filter((name) => !onlyPart || name === onlyPart)) {
    const cases = casesOf(part);
    const { byLocale, offTopic } = evaluate(
      cases,
      (item) => rankArticles(built, item.question).map((row) => row.id),
      verbose,
    );
    console.log(`\n${part}: ${cases.length} questions`);
    for (const [locale, t] of Object.entries(byLocale).sort())
      console.log(
        `  ${locale}: ${t.n} questions, hit@1 ${(t.hit1 / t.n).toFixed(2)}, success@3 ${(t.success3 / t.n).toFixed(2)}, ` +
          `precision@3 ${(t.p / t.n).toFixed(2)}, recall@3 ${(t.r / t.n).toFixed(2)}`,
      );
    if (offTopic.n)
      console.log(
        `  off-topic: ${offTopic.n} questions, ${percent(offTopic.nothing / offTopic.n)} answered with nothing`,
      );
    const pairs = translatedPairs(cases);
    if (pairs.length) {
      const first = (item: EvalCase) => rankArticles(built, item.question)[0]?.id ?? 'nothing';
      const alike = pairs.filter(([a, b]) => first(a) === first(b));
      console.log(
        `  translated pairs: ${pairs.length}, ${percent(alike.length / pairs.length)} answered alike`,
      );
      if (verbose)
        for (const [a, b] of pairs.filter((pair) => !alike.includes(pair)))
          console.log(`     "${a.question}" → ${first(a)}; "${b.question}" → ${first(b)}`);
    }
  }
  console.log(
    '\ngoal on the test part, each language: hit@1 >= 0.90, success@3 >= 0.95, precision@3 >= 0.85; off-topic >= 90%',
  );
}

/**
 * `--grid`: every setting of the grid below on the tuning part only, best first. A setting's figure is the mean of
 * half its worst and half its average of English and Vietnamese precision and recall and the off-topic share, so
 * that no one of them is given up for the others.
 */
const GRID = {
  pair: [1],
  character: [0.4, 1],
  k1: [2],
  b: [0.75],
  keywords: [5],
  title: [2.5],
  questions: [0.5, 1, 1.5, 2, 3],
  window: [0.6, 0.8],
  min: [0.24, 0.28, 0.3, 0.32, 0.34, 0.36],
  share: [0.7, 0.8, 0.9],
};

function grid() {
  const built = indexes();
  const cases = casesOf('tuning');
  const pairIndexes = translatedPairs(cases).map(([a, b]) => [cases.indexOf(a), cases.indexOf(b)] as const);
  const results: { figure: number; figures: number[]; setting: string }[] = [];
  for (const pair of GRID.pair)
    for (const character of GRID.character) {
      Object.assign(RANKER, { pair, character });
      const queries: Query[] = cases.map((item) => questionWithSynonyms(item.question));
      for (const k1 of GRID.k1)
        for (const b of GRID.b)
          for (const keywords of GRID.keywords)
            for (const title of GRID.title)
              for (const questions of GRID.questions)
                for (const window of GRID.window) {
                  Object.assign(RANKER, {
                    k1,
                    b,
                    window,
                    questions,
                    fields: { ...RANKER.fields, keywords, title },
                  });
                  for (const min of GRID.min)
                    for (const share of GRID.share) {
                      Object.assign(ARTICLE_THRESHOLD, { min, share });
                      const { byLocale, offTopic } = evaluate(cases, (_, i) =>
                        rankArticles(built, queries[i]!).map((row) => row.id),
                      );
                      const first = (i: number) => rankArticles(built, queries[i]!)[0]?.id ?? 'nothing';
                      const alike = pairIndexes.filter(([a, b]) => first(a) === first(b)).length;
                      const figures = [
                        alike / (pairIndexes.length || 1),
                        ...Object.values(byLocale).flatMap((t) => [
                          t.hit1 / t.n,
                          t.success3 / t.n,
                          t.p / t.n,
                          t.r / t.n,
                        ]),
                        offTopic.nothing / (offTopic.n || 1),
                      ];
                      const mean = figures.reduce((sum, x) => sum + x, 0) / figures.length;
                      const figure = Math.min(...figures) / 2 + mean / 2;
                      results.push({
                        figure,
                        figures,
                        setting: JSON.stringify({
                          pair,
                          character,
                          k1,
                          b,
                          keywords,
                          title,
                          questions,
                          window,
                          min,
                          share,
                        }),
                      });
                    }
                }
    }
  results.sort((a, b) => b.figure - a.figure);
  console.log(
    'figure  pairs alike, hit@1, success@3, P and R of each language (en, ne, vi, zh-Hans), off-topic  setting (tuning part only)',
  );
  for (const row of results.slice(0, 10))
    console.log(
      `${row.figure.toFixed(3)}   ${row.figures.map((x) => x.toFixed(2)).join(' ')}  ${row.setting}`,
    );
}

if (args.includes('--grid')) grid();
else report();
