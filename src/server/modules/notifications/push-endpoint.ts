/** A host name as DNS spells it: labels of letters, digits and hyphens, with dots between. */
const PLAIN_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * The address to send a push to, or null when it is not at one of the push services. The endpoint is parsed once,
 * with the WHATWG parser, and only an address every parser reads alike passes: https on its own port (an explicit
 * :443 is dropped by the parse), no user or password, and a host of plain name characters, since web-push reads the
 * address again with Node's legacy url.parse, which ends the host at characters WHATWG keeps in it
 * (`https://127.0.0.1;.fcm.googleapis.com/` is 127.0.0.1 to it). The answer is that parse's own spelling, which is
 * what is stored and sent to.
 */
export function pushEndpoint(endpoint: string, serviceHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  const host = url.hostname;
  const atService = serviceHosts.some((known) => host === known || host.endsWith(`.${known}`));
  const plain =
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    PLAIN_HOST.test(host);
  return plain && atService ? url.href : null;
}
