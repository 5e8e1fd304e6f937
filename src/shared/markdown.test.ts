import { describe, expect, it } from 'vitest';
import { escapeMarkdown, inlineText, tokenize, toMarkdown } from './markdown';

describe('inline Markdown', () => {
  it('reads bold, italic, links and escapes', () => {
    expect(tokenize('**Bold** and _it_ with [a link](/faq) and \\[not one](/x)')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Bold' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'em', children: [{ kind: 'text', text: 'it' }] },
      { kind: 'text', text: ' with ' },
      { kind: 'link', label: [{ kind: 'text', text: 'a link' }], href: '/faq' },
      { kind: 'text', text: ' and [not one](/x)' },
    ]);
  });

  it('keeps escaped text as text, whatever it holds', () => {
    for (const text of [
      'Lost passport](https://evil.example/visa-help) [x',
      '![pic](https://evil.example/p.png)',
      '# heading **bold** _it_ \\ back\\slash',
      '[a](b) [[c]](d) \\[e](f)',
    ]) {
      const tokens = tokenize(escapeMarkdown(text));
      expect(tokens).toEqual([{ kind: 'text', text }]);
      expect(inlineText(tokens)).toBe(text);
    }
  });

  it('writes tokens back so that they read the same', () => {
    for (const text of [
      '**a [b](/c)** _d_ e*f [g',
      'x \\[y](z) 2 * 3 snake_case',
      '[**bold label**](https://x.gov.au/)',
    ]) {
      const tokens = tokenize(text);
      expect(tokenize(toMarkdown(tokens))).toEqual(tokens);
    }
  });
});
