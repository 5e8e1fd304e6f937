import type { RealtimeFrame } from '../../shared/schemas/realtime';

/**
 * A WebSocket the test drives: `open()`, `receive(frame)` and `drop()` play the server; `sent` holds what the
 * client sent, parsed. Every instance made is kept in `FakeWebSocket.instances`, newest last.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  readyState = 0;
  closedByClient = false;
  readonly sentRaw: string[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  get sent(): unknown[] {
    return this.sentRaw.map((raw) => JSON.parse(raw));
  }

  send(data: string) {
    if (this.readyState !== 1) throw new Error('send while not open');
    this.sentRaw.push(data);
  }

  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  receive(frame: RealtimeFrame | string) {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The server or the network ends the connection (1006: the network, without a close frame). */
  drop(code = 1006) {
    this.readyState = 3;
    if (code === 1006) this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
