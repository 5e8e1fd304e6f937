import { describe, expect, it } from 'vitest';
import { markdownText } from './markdown-text';

describe('markdownText', () => {
  it('keeps the words and drops the marks', () => {
    expect(
      markdownText(
        '**Tax file number**\n\nApply on the [ATO website](https://www.ato.gov.au/).\n\n- First\n1. Second _now_',
      ),
    ).toBe('Tax file number · Apply on the ATO website. First · Second now');
  });

  it('keeps list items, paragraphs and headings apart', () => {
    expect(
      markdownText(
        '**If you are in danger right now, call [000](tel:000).** These services are free:\n\n- Lifeline: [13 11 14](tel:131114)\n- 1800RESPECT, domestic, family and sexual violence',
      ),
    ).toBe(
      'If you are in danger right now, call 000. These services are free: Lifeline: 13 11 14 · 1800RESPECT, domestic, family and sexual violence',
    );
    expect(markdownText('- 13 11 14\n- 1800RESPECT')).toBe('13 11 14 · 1800RESPECT');
    expect(markdownText('# Renting\nBond\n\n\n  \nLease')).toBe('Renting · Bond · Lease');
    expect(markdownText('- Cần giúp đỡ?\n- Gọi 000')).toBe('Cần giúp đỡ? Gọi 000');
  });

  it('keeps nested list items apart', () => {
    expect(markdownText('1. Apply\n   - online\n   * by phone\n2. Wait')).toBe(
      'Apply · online · by phone · Wait',
    );
  });

  it('keeps underscores inside words and web addresses', () => {
    expect(markdownText('Fill in form_1221_en at https://x.gov.au/a_b_c or https://x.gov.au/_next/x_')).toBe(
      'Fill in form_1221_en at https://x.gov.au/a_b_c or https://x.gov.au/_next/x_',
    );
    expect(markdownText('See [the form_1221_en](https://x.gov.au/a_b_c) and _this_')).toBe(
      'See the form_1221_en and this',
    );
  });

  it('reads a link whose address holds parentheses as one link', () => {
    expect(markdownText('Read [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) now.')).toBe('Read Foo now.');
  });

  it('keeps only the words of a script link and shows HTML and stray brackets as written', () => {
    expect(markdownText('[click](javascript:alert(1)) <img src=x onerror=alert(1)>')).toBe(
      'click <img src=x onerror=alert(1)>',
    );
    expect(markdownText('[a](b [c] d) [e](f')).toBe('[a](b [c] d) [e](f');
  });
});
