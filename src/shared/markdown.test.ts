import { describe, expect, it } from 'vitest';
import { escapeMarkdown, inlineText, tokenize, toMarkdown, type Inline } from './markdown';

const text = (value: string): Inline => ({ kind: 'text', text: value });

function hrefs(tokens: Inline[]): string[] {
  return tokens.flatMap((token) =>
    token.kind === 'link'
      ? [token.href, ...hrefs(token.label)]
      : token.kind === 'text'
        ? []
        : hrefs(token.children),
  );
}

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

  it('never opens or closes _ inside a word; ** may', () => {
    expect(tokenize('snake_case_word and form_1221_en')).toEqual([text('snake_case_word and form_1221_en')]);
    expect(tokenize('a_b_ and _c_d')).toEqual([text('a_b_ and _c_d')]);
    expect(tokenize('un**believ**able, _so_.')).toEqual([
      text('un'),
      { kind: 'strong', children: [text('believ')] },
      text('able, '),
      { kind: 'em', children: [text('so')] },
      text('.'),
    ]);
    expect(tokenize('2 ** 3 _ 4 __init__ ***x***')).toEqual([text('2 ** 3 _ 4 __init__ ***x***')]);
  });

  it('keeps web addresses with underscores whole, bare and in links', () => {
    for (const line of [
      'https://x.gov.au/a_b_c',
      'see https://x.gov.au/_next/data_ and x_',
      'HTTP://X.AU/_a_/b',
    ])
      expect(tokenize(line)).toEqual([text(line)]);
    expect(tokenize('_see https://x.gov.au/a_b_')).toEqual([
      { kind: 'em', children: [text('see https://x.gov.au/a_b')] },
    ]);
    expect(tokenize('[form_1221_en](https://x.gov.au/a_b_c)')).toEqual([
      { kind: 'link', label: [text('form_1221_en')], href: 'https://x.gov.au/a_b_c' },
    ]);
  });

  it('reads balanced parentheses as part of a link address', () => {
    expect(tokenize('[Foo](https://en.wikipedia.org/wiki/Foo_(bar)) (see)')).toEqual([
      { kind: 'link', label: [text('Foo')], href: 'https://en.wikipedia.org/wiki/Foo_(bar)' },
      text(' (see)'),
    ]);
    expect(hrefs(tokenize('[a](/x?q=(1(2))) [b](javascript:alert(1))'))).toEqual([
      '/x?q=(1(2))',
      'javascript:alert(1)',
    ]);
    for (const line of ['[a](b(c)', '[a](b c)', '[a]()', '[](/x)', '[a] (b)', '[a](b', '\\[a](b)'])
      expect(hrefs(tokenize(line)), line).toEqual([]);
  });

  it('finds links before emphasis, so no mark can hide one', () => {
    expect(hrefs(tokenize('_a [b_ c](https://evil.example)'))).toEqual(['https://evil.example']);
    expect(hrefs(tokenize('**a [b** c](/x)**'))).toEqual(['/x']);
    expect(tokenize('**[bold link](/x)** _[it](/y)_,')).toEqual([
      { kind: 'strong', children: [{ kind: 'link', label: [text('bold link')], href: '/x' }] },
      text(' '),
      { kind: 'em', children: [{ kind: 'link', label: [text('it')], href: '/y' }] },
      text(','),
    ]);
  });

  /**
   * The server sends the start of a streamed line at once and checks its links from the first mark on: a line
   * must hold the same links as the part of it from its first mark, and read the same once written back.
   */
  it('finds the same links in a line and in the line from its first mark, and writes them back the same', () => {
    const pieces = [...'aé _*[]().:\\', '**', 'https://x.au/', '[l](u)', '](v)'];
    let seed = 1;
    const random = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    for (let round = 0; round < 2_000; round += 1) {
      const line = Array.from({ length: 1 + random(20) }, () => pieces[random(pieces.length)]).join('');
      const tokens = tokenize(line);
      const firstMark = line.search(/[\\*_[]/);
      if (firstMark >= 0) expect(hrefs(tokenize(line.slice(firstMark))), line).toEqual(hrefs(tokens));
      expect(tokenize(toMarkdown(tokens)), line).toEqual(tokens);
    }
    expect(hrefs(tokenize('word_a [b_ c](https://evil.example)'))).toEqual(['https://evil.example']);
  });
});
