import { WebSocket } from 'ws';
import type { RealtimeFrame } from '../../shared/schemas/realtime';

type Frame = RealtimeFrame;

/** A real socket client on a listening app, with the frames it has received. */
export type TestSocket = {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame (received already or later) that matches. */
  next: <T extends Frame['type']>(
    type: T,
    match?: (frame: Extract<Frame, { type: T }>) => boolean,
    timeoutMs?: number,
  ) => Promise<Extract<Frame, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  sendFrame: (frame: object) => void;
};

/**
 * Opens a member's socket (`/ws`), or a visitor's with `path` `/ws/public`; a refused upgrade rejects with its status
 * and the body of the answer.
 */
export function openSocket(
  baseUrl: string,
  headers: Record<string, string>,
  path = '/ws',
): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}`, { headers });
    const frames: Frame[] = [];
    const waiters: (() => void)[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      ws.on('close', (code, reason) => done({ code, reason: reason.toString() })),
    );
    ws.on('message', (data) => {
      frames.push(JSON.parse(data.toString()) as Frame);
      for (const waiter of [...waiters]) waiter();
    });
    const next: TestSocket['next'] = (type, match = () => true, timeoutMs = 5_000) =>
      new Promise((done, fail) => {
        const find = () =>
          frames.find((frame) => frame.type === type && match(frame as never)) as never | undefined;
        const found = find();
        if (found) return done(found);
        const timer = setTimeout(() => fail(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
        const waiter = () => {
          const hit = find();
          if (!hit) return;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(waiter), 1);
          done(hit);
        };
        waiters.push(waiter);
      });
    ws.once('open', () =>
      resolve({ ws, frames, next, closed, sendFrame: (frame) => ws.send(JSON.stringify(frame)) }),
    );
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        reject(
          Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
            status: response.statusCode,
            body,
          }),
        ),
      );
    });
    ws.once('error', reject);
  });
}

/**
 * Resolves once the server has handled every frame this socket sent before: a connection's frames are handled in
 * order, and one of a type the server does not know is answered with an error.
 */
export async function handled(socket: TestSocket): Promise<void> {
  const errorsSoFar = () => socket.frames.filter((frame) => frame.type === 'error').length;
  const before = errorsSoFar();
  socket.sendFrame({ type: 'handled-so-far' });
  await socket.next('error', () => errorsSoFar() > before);
}
