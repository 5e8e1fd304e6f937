/**
 * The inline Markdown that Chloe's answers use: **bold**, _italic_, [links](address) and backslash escapes. One
 * tokenizer for the renderer, the plain-text excerpt and the server's link check, so the three always agree on
 * what is a link. Text a member wrote goes into an answer only through `escapeMarkdown`, so it stays text.
 *
 * Links are found first, from their brackets and escapes alone, so whatever stands before a line's first mark
 * cannot change which links it holds (the server checks the links of a streamed line from its first mark on).
 * Emphasis follows CommonMark's flanking rules: `_` never opens or closes inside a word (snake_case, form_1221_en),
 * `**` may; marks inside a bare web address are text.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; label: Inline[]; href: string };

/**
 * A `**` or `_` that may open or close emphasis, until the tokenizer pairs it or turns it back into text; `at` is
 * where it stands in the line's text without escapes and links.
 */
type Mark = { kind: 'mark'; mark: '**' | '_'; open: boolean; close: boolean; at: number };
type Item = Inline | Mark;

/** ASCII punctuation: the characters a backslash escapes (CommonMark). */
const ESCAPABLE = /^[!-/:-@[-`{-~]$/;
const SPACE = /^\s$/u;
const PUNCTUATION = /^[\p{P}\p{S}]$/u;
const WEB_ADDRESS = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>]+/giu;
/** Punctuation that ends the sentence around an address rather than the address (as GitHub reads bare ones). */
const TRAILING = /[.,:;!?*_~'")\]]+$/;

/** The characters that would start bold, italic, a link, a heading or an image, and the backslash itself. */
const SPECIAL = /[\\`*_[\]()#!<>|~]/g;

/** Text that shows exactly as written when put into Markdown: no link, emphasis or heading can come of it. */
export function escapeMarkdown(text: string): string {
  return text.replace(SPECIAL, '\\$&');
}

/** `[label](address)` at `start`: the label is read up to its first unescaped `]`, the address keeps balanced `()`. */
function readLink(text: string, start: number): { label: string; href: string; end: number } | undefined {
  let i = start + 1;
  while (i < text.length && text[i] !== ']') i += text[i] === '\\' && i + 1 < text.length ? 2 : 1;
  if (i === start + 1 || text[i] !== ']' || text[i + 1] !== '(') return undefined;
  const hrefStart = i + 2;
  let depth = 0;
  for (let j = hrefStart; j < text.length; j += 1) {
    const char = text[j]!;
    if (SPACE.test(char)) return undefined;
    if (char === '(') depth += 1;
    else if (char === ')' && depth-- === 0) {
      if (j === hrefStart) return undefined;
      return { label: text.slice(start + 1, i), href: text.slice(hrefStart, j), end: j + 1 };
    }
  }
  return undefined;
}

/** Turns the marks inside bare web addresses (https://x.gov.au/a_b_c, …/_next/) back into text. */
function keepAddressesWhole(items: Item[], plain: string) {
  for (const found of plain.matchAll(WEB_ADDRESS)) {
    const end = found.index + found[0].replace(TRAILING, '').length;
    for (const item of items)
      if (item.kind === 'mark' && item.at >= found.index && item.at < end) item.open = item.close = false;
  }
}

/** A run of `*` or `_` at `start` as an emphasis mark, when it is one (CommonMark's left- and right-flanking). */
function readMark(text: string, start: number, length: number, at: number): Mark | undefined {
  const char = text[start];
  const mark = char === '*' && length === 2 ? '**' : char === '_' && length === 1 ? '_' : undefined;
  if (!mark) return undefined;
  const before = Array.from(text.slice(Math.max(0, start - 2), start)).pop() ?? ' ';
  const after = Array.from(text.slice(start + length, start + length + 2))[0] ?? ' ';
  const spaceBefore = SPACE.test(before);
  const spaceAfter = SPACE.test(after);
  const punctBefore = PUNCTUATION.test(before);
  const punctAfter = PUNCTUATION.test(after);
  const left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore);
  const right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter);
  const open = mark === '_' ? left && (!right || punctBefore) : left;
  const close = mark === '_' ? right && (!left || punctAfter) : right;
  return open || close ? { kind: 'mark', mark, open, close, at } : undefined;
}

/** Adds text, joining it to the text before. */
function pushText(items: Item[], text: string) {
  if (!text) return;
  const last = items[items.length - 1];
  if (last?.kind === 'text') last.text += text;
  else items.push({ kind: 'text', text });
}

/** The items with their unpaired marks as text. */
function settle(items: Item[]): Inline[] {
  const tokens: Inline[] = [];
  for (const item of items) {
    if (item.kind === 'mark') pushText(tokens, item.mark);
    else if (item.kind === 'text') pushText(tokens, item.text);
    else tokens.push(item);
  }
  return tokens;
}

/** Pairs each closing mark with the nearest open one of its kind; marks left between them become text. */
function pairMarks(items: Item[]): Inline[] {
  const out: Item[] = [];
  for (const item of items) {
    if (item.kind !== 'mark') {
      if (item.kind === 'text') pushText(out, item.text);
      else out.push(item);
      continue;
    }
    const opener = item.close
      ? out.findLastIndex((earlier) => earlier.kind === 'mark' && earlier.open && earlier.mark === item.mark)
      : -1;
    if (opener >= 0) {
      const children = settle(out.splice(opener).slice(1));
      out.push({ kind: item.mark === '**' ? 'strong' : 'em', children });
    } else if (item.open) out.push(item);
    else pushText(out, item.mark);
  }
  return settle(out);
}

/** One line of inline Markdown as tokens; anything that is not a well-formed mark stays text. */
export function tokenize(text: string): Inline[] {
  const items: Item[] = [];
  /** The text as it reads, links as spaces: where bare web addresses are looked for. */
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const link = char === '[' ? readLink(text, i) : undefined;
    if (char === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      pushText(items, text[i + 1]!);
      plain += text[i + 1];
      i += 2;
    } else if (link) {
      items.push({ kind: 'link', label: tokenize(link.label), href: link.href });
      plain += ' ';
      i = link.end;
    } else if (char === '*' || char === '_') {
      let end = i + 1;
      while (text[end] === char) end += 1;
      const mark = readMark(text, i, end - i, plain.length);
      if (mark) items.push(mark);
      else pushText(items, text.slice(i, end));
      plain += text.slice(i, end);
      i = end;
    } else {
      pushText(items, char);
      plain += char;
      i += 1;
    }
  }
  keepAddressesWhole(items, plain);
  return pairMarks(items);
}

/** The words of inline Markdown without its marks: "**Bold** [link](/x)" → "Bold link". */
export function inlineText(tokens: Inline[]): string {
  return tokens
    .map((token) =>
      token.kind === 'text'
        ? token.text
        : token.kind === 'link'
          ? inlineText(token.label)
          : inlineText(token.children),
    )
    .join('');
}

/** The marks of the inline grammar: escaped in text written back, so it reads as it did. */
const INLINE_MARKS = /[\\*_[\]]/g;

/** Inline tokens written back as Markdown: `tokenize` gives the same tokens back. */
export function toMarkdown(tokens: Inline[]): string {
  return tokens
    .map((token) => {
      if (token.kind === 'text') return token.text.replace(INLINE_MARKS, '\\$&');
      if (token.kind === 'link') return `[${toMarkdown(token.label)}](${token.href})`;
      const mark = token.kind === 'strong' ? '**' : '_';
      return `${mark}${toMarkdown(token.children)}${mark}`;
    })
    .join('');
}
