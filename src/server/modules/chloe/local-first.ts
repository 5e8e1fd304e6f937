import type { KnowledgeArticle } from '../../../shared/schemas/knowledge';
import { stateOfPlaceName, type AusState } from '../../lib/postcodes';

/** States by their codes (in capitals, so "act" or "sa" in a sentence do not count), names and main cities. */
const STATES: [AusState, RegExp][] = [
  ['NSW', /new south wales|sydney|parramatta|newcastle|wollongong/i],
  ['VIC', /victoria|melbourne|geelong|ballarat|bendigo/i],
  ['QLD', /queensland|brisbane|gold coast|cairns|townsville/i],
  ['WA', /western australia|tây úc|tay uc|perth/i],
  ['SA', /south australia|nam úc|nam uc|adelaide/i],
  ['TAS', /tasmania|hobart|launceston/i],
  ['ACT', /canberra/i],
  ['NT', /northern territory|darwin|alice springs/i],
];

/** A state's own sites (its government's, and its tenants' unions' that articles cite). */
const STATE_HOSTS: Partial<Record<AusState, RegExp>> = {
  NSW: /\.nsw\.gov\.au$|(^|\.)tenants\.org\.au$/,
  VIC: /\.vic\.gov\.au$|(^|\.)tenantsvic\.org\.au$/,
  QLD: /\.qld\.gov\.au$|(^|\.)tenantsqld\.org\.au$/,
  WA: /\.wa\.gov\.au$/,
  SA: /\.sa\.gov\.au$/,
  TAS: /\.tas\.gov\.au$/,
  ACT: /\.act\.gov\.au$/,
  NT: /\.nt\.gov\.au$/,
};

/** The states a text names by code, name or main city, or whose site an address is (none: it is about all). */
export function statesOf(text: string, url?: string): AusState[] {
  const codes = new Set(text.match(/\b[A-Z]{2,3}\b/g) ?? []);
  const host = url ? new URL(url, 'https://mentorme.invalid').hostname : '';
  return STATES.filter(
    ([state, names]) => codes.has(state) || names.test(text) || (host && STATE_HOSTS[state]?.test(host)),
  ).map(([state]) => state);
}

/** Names of places written with capitals: up to three words ("Footscray", "Box Hill", "Kings Cross"). */
const PLACE_NAMES = /\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2}/gu;

/**
 * The state a message names: by its code, its name or a main city, else by a suburb or town only one state has
 * ("Footscray" is in Victoria; "Richmond" is in five states, so it names none). `ordinary` tells a word of everyday
 * English (a suburb called "Research" is not meant in "research jobs").
 */
export function mentionedState(
  message: string,
  ordinary: (word: string) => boolean = () => false,
): AusState | undefined {
  const named = statesOf(message)[0];
  if (named) return named;
  for (const [run] of message.matchAll(PLACE_NAMES)) {
    const words = run.split(/\s+/);
    for (let n = words.length; n >= 1; n -= 1) {
      const name = words.slice(0, n).join(' ');
      if (n === 1 && (name.length < 4 || ordinary(name))) continue;
      const state = stateOfPlaceName(name);
      if (state) return state;
    }
  }
  return undefined;
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
