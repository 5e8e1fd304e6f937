import { tokenize, toMarkdown, type Inline } from '../../../shared/markdown';
import { CRISIS_LINES } from '../../../shared/constants';
import { PAGE_PATHS } from '../../../shared/routes';
import type { Retrieved, Source } from './retrieval';

/** Whether an answer may link to an address. */
export type LinkPolicy = (href: string) => boolean;

const digits = (text: string) => text.replace(/\D/g, '');
const PHONE_NUMBERS = /\+?\d[\d ]{1,14}\d/g;

function isGovernmentSite(href: string): boolean {
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && (url.hostname === 'gov.au' || url.hostname.endsWith('.gov.au'));
  } catch {
    return false;
  }
}

/**
 * The links an answer may carry: the sources and contacts of the curated material it was given (articles,
 * government services, organisations), this site's pages and the community questions it found, the phone numbers
 * that material names, and official government sites. Anything else (an address a member wrote in a question or a
 * reply, or one a model made up) shows as plain text.
 */
export function trustedLinks(context: Retrieved, sources: Source[]): LinkPolicy {
  const urls = new Set<string>([...PAGE_PATHS, ...sources.map((source) => source.url)]);
  const phones = new Set<string>(CRISIS_LINES.map((line) => line.tel));
  const addPhones = (text: string) => {
    for (const match of text.matchAll(PHONE_NUMBERS)) phones.add(digits(match[0]));
  };
  for (const article of context.articles) {
    article.sources.forEach((source) => urls.add(source.url));
    for (const text of [article.summary, ...article.points, ...article.help])
      Object.values(text).forEach(addPhones);
  }
  for (const entry of [...context.services.map((service) => service.contactInfo), ...context.organisations]) {
    if (entry.website) urls.add(entry.website);
    if (entry.phone) phones.add(digits(entry.phone));
  }
  context.questions.forEach((question) => urls.add(`/questions/${question.id}`));

  return (href) => {
    if (urls.has(href) || isGovernmentSite(href)) return true;
    const tel = /^tel:(\+?\d+)$/.exec(href);
    return tel !== null && phones.has(digits(tel[1]!));
  };
}

/** The tokens with each untrusted link replaced by its words; undefined when every link is trusted. */
function withoutUntrustedLinks(tokens: Inline[], allowed: LinkPolicy): Inline[] | undefined {
  let changed = false;
  const kept = tokens.flatMap((token): Inline[] => {
    if (token.kind === 'text') return [token];
    if (token.kind === 'link') {
      if (allowed(token.href)) return [token];
      changed = true;
      return withoutUntrustedLinks(token.label, allowed) ?? token.label;
    }
    const children = withoutUntrustedLinks(token.children, allowed);
    if (!children) return [token];
    changed = true;
    return [{ ...token, children }];
  });
  return changed ? kept : undefined;
}

/**
 * A line of Markdown with only trusted links: as it was when all its links are trusted, otherwise written again
 * in canonical form, where every `[` that does not open a trusted link is escaped, so that no piece of it can join
 * with another piece to make a link.
 */
function cleanLine(line: string, allowed: LinkPolicy): string {
  const kept = withoutUntrustedLinks(tokenize(line), allowed);
  return kept ? toMarkdown(kept) : line;
}

function clean(text: string, allowed: LinkPolicy): string {
  return text
    .split('\n')
    .map((line) => cleanLine(line, allowed))
    .join('\n');
}

/** Marks that may open a link or an emphasis (which may hold a link): text from the first one waits. */
const OPENING = /[\\*_[]/;
/** A line still open after this many characters is cleaned as it stands. */
const MAX_HELD = 2_000;

/**
 * Streams an answer with only trusted links. Inline Markdown never spans lines, so a line is cleaned once it is
 * complete; until then the text before its first opening mark goes out at once (it cannot be part of a link), and
 * the rest waits for the end of the line.
 */
export async function* keepTrustedLinks(
  chunks: AsyncIterable<string>,
  allowed: LinkPolicy,
): AsyncIterable<string> {
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    let out = '';
    const lineEnd = pending.lastIndexOf('\n');
    if (lineEnd >= 0) {
      out += clean(pending.slice(0, lineEnd + 1), allowed);
      pending = pending.slice(lineEnd + 1);
    }
    const opening = pending.search(OPENING);
    if (opening === -1) {
      out += pending;
      pending = '';
    } else if (pending.length > MAX_HELD) {
      // Canonical, so the rest of the line cannot complete a link begun here.
      out += toMarkdown(withoutUntrustedLinks(tokenize(pending), allowed) ?? tokenize(pending));
      pending = '';
    } else {
      out += pending.slice(0, opening);
      pending = pending.slice(opening);
    }
    if (out) yield out;
  }
  if (pending) yield clean(pending, allowed);
}
