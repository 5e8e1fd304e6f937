import { inlineText, tokenize } from './markdown';

/** Punctuation that already ends a sentence or introduces what follows: the next line follows after a space. */
const ENDS_SENTENCE = /[.!?:;…]$/;

/** The words of one line without its list marker, heading marks or inline marks. */
function lineText(line: string): string {
  const content = line.replace(/^\s*(?:[-*]|\d+[.)])\s+/, '').replace(/^#+\s*/, '');
  return inlineText(tokenize(content)).replace(/\s+/g, ' ').trim();
}

/**
 * The words of a Markdown answer without its marks, for one-line excerpts: "**Bold** [link](/x)" → "Bold link".
 * Its lines (headings, paragraphs, list items) stay apart: after a sentence by a space, otherwise by " · ", so
 * "- 13 11 14\n- 1800RESPECT" reads "13 11 14 · 1800RESPECT".
 */
export function markdownText(markdown: string): string {
  return markdown
    .split('\n')
    .map(lineText)
    .filter(Boolean)
    .reduce((text, line) => (text ? `${text}${ENDS_SENTENCE.test(text) ? ' ' : ' · '}${line}` : line), '');
}
