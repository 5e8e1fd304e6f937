import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** A page whose element `#late` comes a moment after the page, as a question's reply comes with its question. */
function LatePage({ comes = true }: { comes?: boolean }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(comes), 100);
    return () => clearTimeout(timer);
  }, [comes]);
  return shown ? (
    <p id="late" tabIndex={-1}>
      The reply
    </p>
  ) : (
    <p>Loading</p>
  );
}

describe('an address naming a place on its page (a notification’s link to a reply)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens there once it is on the page, and gives it the focus', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithApp(
      <Layout>
        <Routes>
          <Route path="/" element={<Link to="/questions/q1#late">Open the notification</Link>} />
          <Route path="/questions/q1" element={<LatePage />} />
        </Routes>
      </Layout>,
    );
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('link', { name: 'Open the notification' }));
    const reply = await screen.findByText('The reply');
    await waitFor(() => expect(reply).toHaveFocus());
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(reply);
    // The page started at its top, and stayed there until the reply came.
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('stays at the page’s top when what it names never comes (a reply deleted since)', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderWithApp(
      <Layout>
        <Routes>
          <Route path="/" element={<Link to="/questions/q1#late">Open the notification</Link>} />
          <Route path="/questions/q1" element={<LatePage comes={false} />} />
        </Routes>
      </Layout>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Open the notification' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByText('Loading')).toBeVisible();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('opens there on a page load too', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithApp(
      <Layout>
        <LatePage />
      </Layout>,
      { path: '/questions/q1#late' },
    );
    const reply = await screen.findByText('The reply');
    await waitFor(() => expect(reply).toHaveFocus());
    expect(scrolled.mock.contexts[0]).toBe(reply);
  });
});
