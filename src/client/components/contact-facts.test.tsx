import '../lib/page-texts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { ContactFacts } from './contact-facts';

/** Each row's text as a screen reader reads it: its label, then its value. */
function rows(container: HTMLElement): string[] {
  return Array.from(container.firstElementChild!.children, (row) => row.textContent ?? '');
}

const hours = 'Mon–Fri 9am–5pm';

describe('ContactFacts', () => {
  afterEach(() => setLanguage('en'));

  it('lists a service’s phone, email, hours and languages, and where it is offered last', () => {
    const { container } = render(
      <ContactFacts
        phone="13 14 50"
        email="help@example.gov.au"
        hours={hours}
        languages={['English', 'Interpreter available']}
        area="Australia-wide"
      />,
    );
    expect(rows(container)).toEqual([
      'Phone: 13 14 50',
      'Email: help@example.gov.au',
      'Hours: Mon–Fri 9am–5pm',
      'Languages: English, Interpreter available',
      'Where: Australia-wide',
    ]);
    expect(screen.getByRole('link', { name: '13 14 50' })).toHaveAttribute('href', 'tel:131450');
    expect(screen.getByRole('link', { name: 'help@example.gov.au' })).toHaveAttribute(
      'href',
      'mailto:help@example.gov.au',
    );
  });

  it('opens an organisation’s address as a map search first, and its website in a new tab', () => {
    const { container } = render(
      <ContactFacts
        address={{ name: 'Legal Aid ACT', street: '2 Allsop Street, Canberra ACT 2601' }}
        phone="1300 654 314"
        email={null}
        website="https://www.legalaidact.org.au/"
        hours={null}
        languages={[]}
      />,
    );
    expect(rows(container)).toEqual([
      'Where: 2 Allsop Street, Canberra ACT 2601 (opens a map)',
      'Phone: 1300 654 314',
      'Website: legalaidact.org.au (opens in a new tab)',
    ]);
    const map = screen.getByRole('link', { name: /opens a map/ });
    expect(map).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('Legal Aid ACT, 2 Allsop Street, Canberra ACT 2601')}`,
    );
    expect(map).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /legalaidact/ })).toHaveAttribute(
      'href',
      'https://www.legalaidact.org.au/',
    );
  });

  it('shows hours and languages as the server names them, with labels in Vietnamese', () => {
    act(() => setLanguage('vi'));
    const { container } = render(
      <ContactFacts
        hours="Thứ Hai–Thứ Sáu 9 giờ–17 giờ"
        languages={['Tiếng Anh', 'Ngôn ngữ ký hiệu Auslan']}
      />,
    );
    expect(rows(container)).toEqual([
      'Giờ làm việc: Thứ Hai–Thứ Sáu 9 giờ–17 giờ',
      'Ngôn ngữ: Tiếng Anh, Ngôn ngữ ký hiệu Auslan',
    ]);
  });
});
