import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import Toaster from './toast';

afterEach(() => act(() => void setLanguage('en')));

describe('the toasts', () => {
  it('name their region and themselves in the reader’s language', async () => {
    render(<Toaster />);
    act(() => toast({ title: 'Saved' }));
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
    await act(() => setLanguage('vi'));
    expect(screen.getByRole('region', { name: 'Thông báo (F8)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Đóng thông báo' })).toBeInTheDocument();
  });
});
