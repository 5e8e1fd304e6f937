import { QueryClientProvider } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';
import { AuthorLine } from '../components/question-card';
import { json, stubFetch } from '../test/helpers';
import { drawingFrameAt } from '../lib/clock';
import { createQueryClient } from '../lib/query';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = () => (
  <Providers>
    <AuthorLine author={null} createdAt="2026-12-31T23:59:00.000Z" />
    <Footer />
  </Providers>
);

function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

describe('the time a screen counts from', () => {
  it('is the moment the frame was drawn at while the app takes it over, so nothing is drawn again; then now', async () => {
    stubFetch(() => json(503, { error: 'Down' }));
    vi.useFakeTimers({ toFake: ['Date'] });
    // The server draws the frame half a minute after the question was asked, on the last day of the year.
    const drawn = Date.parse('2026-12-31T23:59:30.000Z');
    vi.setSystemTime(drawn);
    drawingFrameAt(drawn);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page());
    document.body.append(container);
    expect(container.textContent).toContain('just now');
    expect(container.textContent).toContain('© 2026 Mentor Me');

    // The reader's app takes it over three minutes later, in the new year.
    vi.setSystemTime(drawn + 3 * 60_000);
    const heading = container.querySelector('p');
    const recovered = vi.fn();
    await act(async () => {
      hydrateRoot(container, page(), { onRecoverableError: recovered });
    });
    expect(recovered).not.toHaveBeenCalled();
    expect(container.querySelector('p')).toBe(heading);
    await waitFor(() => expect(container.textContent).toContain('4 minutes ago'));
    expect(container.textContent).toContain('© 2027 Mentor Me');
    container.remove();
  });
});
