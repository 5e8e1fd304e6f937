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
});
