import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown';

function show(text: string) {
  return render(
    <MemoryRouter>
      <Markdown text={text} />
    </MemoryRouter>,
  );
}

describe('Markdown', () => {
  it('renders paragraphs, lists, bold, italic and links', () => {
    const { container } = show(
      '**Tax file number**\n\nApply on the [ATO website](https://www.ato.gov.au/).\n\n- Free\n- Online\n\n1. One\n2. Two\n\n_General information._ Call [13 11 14](tel:131114) or read the [FAQ](/faq).',
    );
    expect(container.querySelector('strong')?.textContent).toBe('Tax file number');
    expect(container.querySelectorAll('ul li')).toHaveLength(2);
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelector('em')?.textContent).toBe('General information.');
    const web = screen.getByRole('link', { name: 'ATO website' });
    expect(web.getAttribute('target')).toBe('_blank');
    expect(web.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: '13 11 14' }).getAttribute('href')).toBe('tel:131114');
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
  });

  it('never renders HTML or script links', () => {
    const { container } = show(
      '<img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](data:text/html,hi) [c](//evil.example)',
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
  });

  it('shows escaped marks as text, so a member’s title in an answer is never a link', () => {
    const { container } = show(
      '- [Lost passport\\](https://evil.example/visa-help\\) \\[x](/questions/1)\n- \\# not a heading \\*\\*plain\\*\\*',
    );
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('/questions/1');
    expect(links[0]?.textContent).toBe('Lost passport](https://evil.example/visa-help) [x');
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toContain('# not a heading **plain**');
  });

  it('shows underscores inside words and web addresses as written', () => {
    const line = 'Fill in form_1221_en from https://x.gov.au/a_b_c or https://x.gov.au/_next/x_ today.';
    const { container } = show(`${line}\n\nSee [the form_1221_en](https://x.gov.au/a_b_c).`);
    expect(container.querySelector('em')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe(line);
    const link = screen.getByRole('link', { name: 'the form_1221_en' });
    expect(link.getAttribute('href')).toBe('https://x.gov.au/a_b_c');
  });

  it('links to the whole address when it holds balanced parentheses', () => {
    const { container } = show('Read [Foo](https://en.wikipedia.org/wiki/Foo_(bar)) first.');
    expect(screen.getByRole('link', { name: 'Foo' }).getAttribute('href')).toBe(
      'https://en.wikipedia.org/wiki/Foo_(bar)',
    );
    expect(container.textContent).toBe('Read Foo first.');
  });

  it('nests indented list items and numbers ordered lists from their first item', () => {
    const { container } = show('1. Apply\n   - online\n   - by phone\n2. Wait\n\n3. Check\n\n- a\n  1. b');
    const [first, second] = container.querySelectorAll(':scope > div > ol');
    expect(first?.querySelectorAll(':scope > li')).toHaveLength(2);
    expect([...first!.querySelectorAll(':scope > li > ul > li')].map((li) => li.textContent)).toEqual([
      'online',
      'by phone',
    ]);
    expect(first?.getAttribute('start')).toBeNull();
    expect(second?.getAttribute('start')).toBe('3');
    expect(container.querySelector(':scope > div > ul > li > ol > li')?.textContent).toBe('b');
  });

  it('never links script addresses, whole or with parentheses, nor half-written links', () => {
    const { container } = show(
      '- [a](javascript:alert(1)) [b](JavaScript:alert%281%29)\n- [c](https://x.gov.au/ d) [e](/faq\n- <script>alert(1)</script> [f]( /faq)',
    );
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.querySelector('script')).toBeNull();
    const items = [...container.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'a b',
      '[c](https://x.gov.au/ d) [e](/faq',
      '<script>alert(1)</script> [f]( /faq)',
    ]);
  });
});
