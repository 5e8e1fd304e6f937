/** The words of a Markdown answer without its marks, for one-line excerpts: "**Bold** [link](/x)" → "Bold link". */
export function markdownText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)\s]+\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/(^|\s)_([^_]+)_/g, '$1$2')
    .replace(/^\s*(?:[-*]|\d+[.)])\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}
