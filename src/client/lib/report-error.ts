/** Sends a crash to the server's log, so "the error has been logged" is true. Never throws. */
export function reportClientError(error: unknown) {
  const e = error instanceof Error ? error : new Error(String(error));
  console.error(e);
  const body = JSON.stringify({
    message: e.message.slice(0, 2000),
    stack: (e.stack ?? '').slice(0, 8000),
    url: window.location.pathname.slice(0, 500),
  });
  void fetch('/api/client-errors', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}
