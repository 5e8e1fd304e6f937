import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/helpers';
import { Layout } from './layout';

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
