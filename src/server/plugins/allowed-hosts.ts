import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { errors } from '../errors';
import { PROBE_PATHS } from './rate-limit';

/** A Host header: a bracketed IPv6 address, or a name or IPv4 address; then a port or none. */
const HOST_HEADER = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9_.-]+))(?::\d*)?$/;

/**
 * Whether a request whose Host header is `host` is for this site. An IP address always is: DNS rebinding needs a name
 * that its owner points at this machine, and a page from another site can make a browser send only that name. So is
 * one of `names`, and on a local trial (`local`) localhost and its subdomains, which lead to this machine only.
 */
export function hostAllowed(host: string | undefined, names: ReadonlySet<string>, local: boolean): boolean {
  const match = HOST_HEADER.exec((host ?? '').toLowerCase());
  if (!match) return false;
  const [, ipv6, name = ''] = match;
  if (ipv6 !== undefined) return isIP(ipv6) === 6;
  if (isIP(name) === 4) return true;
  return names.has(name) || (local && (name === 'localhost' || name.endsWith('.localhost')));
}

/**
 * Answers only requests for this site (decision 036): PUBLIC_URL's host and ALLOWED_HOSTS, or without PUBLIC_URL
 * this machine's names, so a page of another site whose name was pointed here (DNS rebinding) reaches nothing, not
 * even a local trial's demo sign-in. It runs before every route, page and socket upgrade; the probes are left out,
 * as orchestrators name an instance by its pod's address or not at all.
 */
export const allowedHostsPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const names = new Set(opts.config.allowedHosts);
    const local = opts.config.publicUrl === undefined;
    app.addHook('onRequest', async (request, reply) => {
      if (PROBE_PATHS.has(request.routeOptions.url ?? '')) return;
      if (hostAllowed(request.headers.host, names, local)) return;
      // A socket upgrade's connection is Node's no more, and the websocket plugin, whose hooks come later, does not
      // know it was refused: it ends with the answer here.
      if (request.headers.upgrade) reply.raw.once('finish', () => request.raw.socket.destroy());
      throw errors.hostNotAllowed();
    });
  },
  { name: 'allowed-hosts' },
);
