import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import type { AusState } from '../../lib/postcodes';

/** A state's own sites and the words that name it in an article's text. */
const STATE_MARKS: Record<AusState, { hosts: RegExp; words: RegExp }> = {
  NSW: { hosts: /\.nsw\.gov\.au$|(^|\.)tenants\.org\.au$/, words: /\bNSW\b|New South Wales/ },
  VIC: {
    hosts: /\.vic\.gov\.au$|(^|\.)tenantsvic\.org\.au$/,
    words: /\bVIC\b|Victoria(?!n? Legal)|Victorian/,
  },
  QLD: { hosts: /\.qld\.gov\.au$|(^|\.)tenantsqld\.org\.au$/, words: /\bQLD\b|Queensland/ },
  WA: { hosts: /\.wa\.gov\.au$/, words: /\bWA\b|Western Australia/ },
  SA: { hosts: /\.sa\.gov\.au$/, words: /\bSA\b|South Australia/ },
  TAS: { hosts: /\.tas\.gov\.au$/, words: /\bTAS\b|Tasmania/ },
  ACT: { hosts: /\.act\.gov\.au$/, words: /\bACT\b|Australian Capital Territory/ },
  NT: { hosts: /\.nt\.gov\.au$/, words: /\bNT\b|Northern Territory/ },
};

/** The states a text or an address is about (none: it is about all of them). */
export function statesOf(text: string, url?: string): AusState[] {
  const host = url ? new URL(url, 'https://mentorme.invalid').hostname : '';
  return (Object.keys(STATE_MARKS) as AusState[]).filter(
    (state) => STATE_MARKS[state].words.test(text) || (host && STATE_MARKS[state].hosts.test(host)),
  );
}

/** The reader's state's items first, then those about everyone, then other states' (each group in its order). */
function byState<T>(items: T[], state: AusState, states: (item: T) => AusState[]): T[] {
  const rank = (item: T) => {
    const named = states(item);
    return named.includes(state) ? 0 : named.length === 0 ? 1 : 2;
  };
  return items
    .map((item, i) => ({ item, i, rank: rank(item) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ item }) => item);
}

/**
 * An article as a reader in `state` needs it: their state's points and sources first (a Footscray renter gets
 * Victoria's bond rules and Consumer Affairs Victoria, not NSW Fair Trading), the rest after.
 */
export function localFirst(article: KnowledgeArticle, state: AusState | undefined): KnowledgeArticle {
  if (!state) return article;
  return {
    ...article,
    points: byState(article.points, state, (point) => statesOf(point.en)),
    help: byState(article.help, state, (line) => statesOf(line.en)),
    sources: byState(article.sources, state, (source) => statesOf(source.title, source.url)),
  };
}
