/**
 * The inline Markdown that Chloe's answers use: **bold**, _italic_, [links](address) and backslash escapes. One
 * tokenizer for the renderer, the plain-text excerpt and the server's link check, so the three always agree on
 * what is a link. Text a member wrote goes into an answer only through `escapeMarkdown`, so it stays text.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; label: Inline[]; href: string };

/** ASCII punctuation: the characters a backslash escapes (CommonMark). */
const ESCAPABLE = String.raw`[!-\/:-@\[-\`{-~]`;
const INLINE = new RegExp(
  [
    String.raw`\\(${ESCAPABLE})`,
    String.raw`\*\*((?:\\.|[^*\\])+)\*\*`,
    String.raw`_((?:\\.|[^_\\])+)_`,
    String.raw`\[((?:\\.|[^\]\\])+)\]\(([^)\s]+)\)`,
  ].join('|'),
  'g',
);

/** The characters that would start bold, italic, a link, a heading or an image, and the backslash itself. */
const SPECIAL = /[\\`*_[\]()#!<>|~]/g;

/** Text that shows exactly as written when put into Markdown: no link, emphasis or heading can come of it. */
export function escapeMarkdown(text: string): string {
  return text.replace(SPECIAL, '\\$&');
}

export function tokenize(text: string): Inline[] {
  const tokens: Inline[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = tokens[tokens.length - 1];
    if (last?.kind === 'text') last.text += value;
    else tokens.push({ kind: 'text', text: value });
  };
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    pushText(text.slice(last, match.index));
    const [, escaped, bold, italic, label, href] = match;
    if (escaped !== undefined) pushText(escaped);
    else if (bold !== undefined) tokens.push({ kind: 'strong', children: tokenize(bold) });
    else if (italic !== undefined) tokens.push({ kind: 'em', children: tokenize(italic) });
    else tokens.push({ kind: 'link', label: tokenize(label!), href: href! });
    last = match.index + match[0].length;
  }
  pushText(text.slice(last));
  return tokens;
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
