import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/helpers';
import { Layout } from './layout';

/** How many times the floating chat's module was loaded. */
const floatingChat = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./floating-chat', async (importOriginal) => {
  floatingChat.loads++;
  return importOriginal();
});

describe('the floating chat', () => {
  // First in this file and in this order: the module, once loaded, stays loaded.
  it('is not loaded on the chat pages it leads to', async () => {
    for (const path of ['/chat', '/chloe']) {
      const { unmount } = renderWithApp(<Layout>page</Layout>, { path });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(screen.queryByRole('button', { name: 'Open chat options' })).toBeNull();
      unmount();
    }
    expect(floatingChat.loads).toBe(0);
  });

  it('comes after the page on every other page', async () => {
    renderWithApp(<Layout>page</Layout>, { path: '/faq' });
    expect(await screen.findByRole('button', { name: 'Open chat options' })).toBeVisible();
    expect(floatingChat.loads).toBe(1);
  });
});

/** A control the reader has already reached when the app's own effects run: a Tab pressed during the page load. */
function FocusedOnLoad() {
  const button = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => button.current?.focus(), []);
  return (
    <>
      <button ref={button}>Reached first</button>
      <Link to="/faq">Next page</Link>
    </>
  );
}

describe('focus on navigation', () => {
  it('leaves the focus where the reader put it during the page load, and moves it to the content on a new page', async () => {
    renderWithApp(
      <Layout>
        <FocusedOnLoad />
      </Layout>,
    );
    const button = screen.getByRole('button', { name: 'Reached first' });
    expect(button).toHaveFocus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(button).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Next page' }));
    await waitFor(() => expect(document.getElementById('main')).toHaveFocus());
  });
});
