import { inlineText, tokenize } from '../../shared/markdown';

/** The words of a Markdown answer without its marks, for one-line excerpts: "**Bold** [link](/x)" → "Bold link". */
export function markdownText(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => inlineText(tokenize(line.replace(/^\s*(?:[-*]|\d+[.)])\s+/, '').replace(/^#+\s*/, ''))))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
