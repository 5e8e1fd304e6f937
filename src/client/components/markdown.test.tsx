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
});
