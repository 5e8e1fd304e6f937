/**
 * One simulated person's browser: its own loopback address (so the app's per-address limits see one person, as they
 * would behind nginx in production), its own keep-alive connections, its session cookie once signed in, and its
 * sockets. Every request is timed and checked against the statuses the journey expects, into the current step.
 */
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import { WebSocket } from 'ws';
import type { Recorder } from './stats';

/** The `n`th person's address in 127.0.0.0/8: 127.10.0.1, 127.10.0.2, … (never a .0 or .255). */
export function loopbackAddress(n: number): string {
  return `127.${10 + Math.floor(n / 62_500)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

/** An answer as it came (compressed when the app compressed it); `text()` reads it as a browser would. */
export class Answer {
  constructor(
    readonly status: number,
    private readonly body: Buffer,
    private readonly encoding: string | undefined,
    readonly ms: number,
  ) {}

  text(): string {
    if (this.encoding === 'br') return brotliDecompressSync(this.body).toString();
    if (this.encoding === 'gzip') return gunzipSync(this.body).toString();
    return this.body.toString();
  }
}

/** "/api/questions/1b2c…?sort=latest" → "/api/questions/:id": the error kinds group by route. */
const routeOf = (path: string) =>
  path
    .split('?')[0]!
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
    .replace(/\/assets\/.*/, '/assets/…');

export class Browser {
  private readonly agent: Agent;
  private cookie: string | undefined;
  private readonly sockets = new Set<WebSocket>();

  constructor(
    readonly base: string,
    readonly address: string,
    readonly language: 'en' | 'vi',
    private readonly recorder: Recorder,
  ) {
    // A browser's six connections to one site, kept alive between requests.
    this.agent = new Agent({ localAddress: address, connections: 6, keepAliveTimeout: 30_000 });
  }

  get signedIn(): boolean {
    return this.cookie !== undefined;
  }

  private headers(json: boolean): Record<string, string> {
    return {
      'accept-language': this.language,
      // As every browser asks; the body is only decompressed where the journey reads it.
      'accept-encoding': 'br, gzip',
      origin: this.base,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(this.cookie ? { cookie: this.cookie } : {}),
    };
  }

  /**
   * One request, read to its end; counted as an error unless its status is one of `expect`. `timed: false` leaves
   * its time out of the request times (a stream that lasts as long as its answer).
   */
  async call(
    method: string,
    path: string,
    body?: unknown,
    { expect = [200, 201, 204], timed = true }: { expect?: number[]; timed?: boolean } = {},
  ): Promise<Answer> {
    const stats = this.recorder.current;
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await request(`${this.base}${path}`, {
        method: method as 'GET',
        dispatcher: this.agent,
        headers: this.headers(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        headersTimeout: 30_000,
        bodyTimeout: 30_000,
      });
      const bytes = Buffer.from(await response.body.arrayBuffer());
      // The session cookie (`__Host-mentorme_session` when the app sets secure cookies).
      for (const cookie of [response.headers['set-cookie'] ?? []].flat()) {
        if (/^(__Host-)?mentorme_session=[^;]/.test(cookie)) this.cookie = cookie.split(';')[0];
      }
      const encoding = response.headers['content-encoding'];
      answer = new Answer(
        response.statusCode,
        bytes,
        encoding as string | undefined,
        performance.now() - started,
      );
    } catch (error) {
      answer = new Answer(0, Buffer.from((error as Error).message), undefined, performance.now() - started);
    }
    const ok = expect.includes(answer.status) || (answer.status >= 300 && answer.status < 400);
    const kind = `${method} ${routeOf(path)} ${answer.status || answer.text()}`;
    if (timed) stats.request(answer.ms, ok, kind);
    else if (!ok) stats.error(kind);
    return answer;
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T | undefined> {
    const answer = await this.call(method, path, body);
    if (answer.status < 200 || answer.status >= 300) return undefined;
    return JSON.parse(answer.text()) as T;
  }

  /**
   * A first visit: the page, then its scripts and styles, as a browser with an empty cache loads them (named in
   * its tags, or in the list its start script reads, `#app-code`).
   */
  async firstVisit(path: string): Promise<void> {
    const page = await this.call('GET', path);
    const assets = [...page.text().matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    await Promise.all([...new Set(assets)].map((asset) => this.call('GET', asset)));
  }

  /**
   * Chloe's streamed answer, read to its end: done when the stream says `done`. Its time is Chloe's own measure
   * (the answer is written out word by word), not a request time.
   */
  async askChloe(message: string): Promise<void> {
    const stats = this.recorder.current;
    stats.chloeAsked += 1;
    const started = performance.now();
    const answer = await this.call('POST', '/api/ai/chat', { message, history: [] }, { timed: false });
    if (answer.status !== 200) return;
    const text = answer.text();
    if (text.includes('"type":"done"')) {
      stats.chloeFinished += 1;
      stats.chloeTimes.push(performance.now() - started);
    } else {
      stats.error(`POST /api/ai/chat ended without "done": …${text.slice(-80)}`);
    }
  }

  /** The realtime socket the app keeps open: `/ws` for members, `/ws/public` for visitors, watching the feed. */
  openSocket(onFrame: (frame: { type: string; [key: string]: unknown }) => void): Promise<WebSocket> {
    const stats = this.recorder.current;
    const url = `${this.base.replace(/^http/, 'ws')}${this.signedIn ? '/ws' : '/ws/public'}`;
    const started = performance.now();
    let open = false;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, {
        localAddress: this.address,
        headers: { origin: this.base, ...(this.cookie ? { cookie: this.cookie } : {}) },
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { type: string };
        if (frame.type === 'hello') {
          open = true;
          stats.request(performance.now() - started, true, 'GET /ws');
          ws.send(JSON.stringify({ type: 'watch', topic: 'feed' }));
          this.sockets.add(ws);
          resolve(ws);
        }
        onFrame(frame);
      });
      const refused = (why: string) => {
        if (open) return;
        stats.request(performance.now() - started, false, `GET ${new URL(url).pathname} ${why}`);
        reject(new Error(why));
      };
      ws.once('unexpected-response', (_request, response) => refused(String(response.statusCode)));
      ws.once('error', (error) => refused(error.message));
      ws.once('close', () => {
        if (this.sockets.delete(ws) && !this.closing)
          this.recorder.current.error('socket closed by the server');
      });
    });
  }

  private closing = false;

  async close(): Promise<void> {
    this.closing = true;
    for (const ws of this.sockets) ws.terminate();
    await this.agent.close();
  }
}
