import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { OFFICIAL_SERVICES, StatusChecker } from './status';

let server: http.Server;
let base: string;
let refusedUrl: string;

// Far apart, so that a loaded machine cannot move a service from one class to the next: a fast answer comes in
// well under `slowMs`, the slow one (`SLOW_ANSWER_MS`) well past it and well before `timeoutMs`.
const options = { timeoutMs: 5_000, slowMs: 1_000 };
const SLOW_ANSWER_MS = 2_000;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/slow') setTimeout(() => response.end('late'), SLOW_ANSWER_MS);
    else if (request.url === '/broken') response.writeHead(503).end();
    else if (request.url === '/hang')
      return; // never answers
    else response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nobody listens on: take one, then close it.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  // fetch loads and sets itself up on its first call in a process: that start-up is not the service's answer time.
  await (await fetch(`${base}/`)).text();
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const t = useTestApp();

describe('service status', () => {
  it('classifies fast, slow, failing, refused and silent services', async () => {
    const checker = new StatusChecker(
      t.db,
      [
        { id: 'fast', name: 'Fast', url: `${base}/` },
        { id: 'slow', name: 'Slow', url: `${base}/slow` },
        { id: 'broken', name: 'Broken', url: `${base}/broken` },
        { id: 'refused', name: 'Refused', url: refusedUrl },
        { id: 'hang', name: 'Hang', url: `${base}/hang` },
      ],
      options,
    );
    const statuses = Object.fromEntries((await checker.check()).map((s) => [s.id, s.status]));
    expect(statuses).toEqual({
      fast: 'operational',
      slow: 'degraded',
      broken: 'degraded',
      refused: 'outage',
      hang: 'outage',
    });
    expect((await checker.current()).every((s) => s.lastChecked !== null)).toBe(true);
  });

  it('says unknown for everything when no host can be looked up (our network, not theirs)', async () => {
    const checker = new StatusChecker(
      t.db,
      [
        { id: 'a', name: 'A', url: 'https://status-check-a.invalid/' },
        { id: 'b', name: 'B', url: 'https://status-check-b.invalid/' },
      ],
      options,
    );
    expect((await checker.check()).map((s) => s.status)).toEqual(['unknown', 'unknown']);
  });

  it('reports an outage when one host is missing but others answer', async () => {
    const checker = new StatusChecker(
      t.db,
      [
        { id: 'up', name: 'Up', url: `${base}/` },
        { id: 'gone', name: 'Gone', url: 'https://status-check-gone.invalid/' },
      ],
      options,
    );
    expect((await checker.check()).map((s) => s.status)).toEqual(['operational', 'outage']);
  });

  it('is unknown before the first check', async () => {
    const checker = new StatusChecker(t.db, [{ id: 'x', name: 'X', url: `${base}/` }], options);
    expect(await checker.current()).toEqual([
      { id: 'x', name: 'X', url: `${base}/`, status: 'unknown', lastChecked: null },
    ]);
  });
});

describe('GET /api/government/status', () => {
  it('answers the checker’s current statuses, unknown before the first check', async () => {
    const response = await t.app.inject({ url: '/api/government/status' });
    expect(response.statusCode).toBe(200);
    const { services } = response.json<{ services: { id: string; status: string; lastChecked: null }[] }>();
    expect(services.map((s) => s.id)).toEqual(OFFICIAL_SERVICES.map((s) => s.id));
    expect(services.every((s) => s.status === 'unknown' && s.lastChecked === null)).toBe(true);
  });
});

describe('one status for every instance', () => {
  it('shows every instance the status and time that the leading instance stored', async () => {
    const targets = [{ id: 'shared', name: 'Shared', url: `${base}/` }];
    const leader = new StatusChecker(t.db, targets, options);
    const other = new StatusChecker(t.db, targets, options);
    const [checked] = await leader.check();
    expect(await other.current()).toEqual([checked]);
  });

  it('waits on taking the lead for what is left of the interval since the last probe', async () => {
    const checker = new StatusChecker(t.db, [{ id: 'timed', name: 'Timed', url: `${base}/` }], options);
    await checker.check();
    const wait = await checker.probeTask(60_000).firstRunInMs!();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
  });
});
