import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeFrame } from '../../../shared/schemas/realtime';
import { FakeWebSocket } from '../../test/fake-socket';
import { backoffDelay, RealtimeSocket } from './socket';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

function makeSocket(random = () => 1, member: string | null = 'member-1') {
  const socket = new RealtimeSocket({
    url: (isMember) => (isMember ? 'ws://mentor.test/ws' : 'ws://mentor.test/ws/public'),
    createSocket: (url) => new FakeWebSocket(url),
    random,
  });
  socket.setMember(member);
  return socket;
}

describe('backoffDelay', () => {
  it('doubles from 0.5 s up to 30 s at most', () => {
    const highest = [0, 1, 2, 3, 4, 5, 6, 7, 10].map((attempt) => backoffDelay(attempt, 1));
    expect(highest).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('spreads each wait at random between 0.5 s and its ceiling', () => {
    expect(backoffDelay(0, 0)).toBe(500);
    expect(backoffDelay(5, 0)).toBe(500);
    expect(backoffDelay(5, 0.5)).toBe(8250);
    expect(backoffDelay(20, 0.5)).toBe(15250);
  });
});

describe('RealtimeSocket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('tells its listeners when the server ends the socket because the session ended, and only then', () => {
    const socket = makeSocket();
    const ended = vi.fn();
    const stopListening = socket.onSessionEnded(ended);
    const stop = socket.subscribe(() => undefined);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop();
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().drop(4001);
    expect(ended).toHaveBeenCalledTimes(1);
    // It goes on trying meanwhile: the app decides whether the person is still signed in.
    expect(socket.getState()).toBe('reconnecting');
    stopListening();
    vi.advanceTimersByTime(30_000);
    FakeWebSocket.latest().drop(4001);
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it('opens when the first listener comes, hands it parsed frames, and closes when the last one leaves', () => {
    const socket = makeSocket();
    expect(FakeWebSocket.instances).toHaveLength(0);
    const frames: RealtimeFrame[] = [];
    const stop = socket.subscribe((frame) => frames.push(frame));
    expect(socket.getState()).toBe('connecting');
    const ws = FakeWebSocket.latest();
    expect(ws.url).toBe('ws://mentor.test/ws');

    ws.open();
    expect(socket.getState()).toBe('connected');
    ws.receive({ type: 'hello', connectionId: 'c1' });
    ws.receive('not json');
    ws.receive('{"no":"type"}');
    expect(frames).toEqual([{ type: 'hello', connectionId: 'c1' }]);

    stop();
    expect(ws.closedByClient).toBe(true);
    expect(socket.getState()).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('reconnects after a drop with growing waits, and starts again from 0.5 s once the server says hello', () => {
    const socket = makeSocket();
    socket.subscribe(() => undefined);
    FakeWebSocket.latest().drop();
    expect(socket.getState()).toBe('reconnecting');

    // 0.5 s, then 1 s, then 2 s (random = 1 takes the ceiling).
    for (const wait of [500, 1000, 2000]) {
      const count = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(wait - 1);
      expect(FakeWebSocket.instances).toHaveLength(count);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(count + 1);
      FakeWebSocket.latest().drop();
    }

    vi.advanceTimersByTime(4000);
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive({ type: 'hello', connectionId: 'c2' });
    expect(socket.getState()).toBe('connected');
    ws.drop();
    const count = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(500);
    expect(FakeWebSocket.instances).toHaveLength(count + 1);
  });

  it('never waits longer than 30 s', () => {
    const socket = makeSocket();
    socket.subscribe(() => undefined);
    for (let i = 0; i < 12; i += 1) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(30_000);
    }
    expect(FakeWebSocket.instances).toHaveLength(13);
  });

  it('tries at once when the browser is back online or the tab is shown again', () => {
    const socket = makeSocket();
    socket.subscribe(() => undefined);
    for (let i = 0; i < 8; i += 1) {
      FakeWebSocket.latest().drop();
      vi.advanceTimersByTime(30_000);
    }
    FakeWebSocket.latest().drop();
    const count = FakeWebSocket.instances.length;

    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(count + 1);

    FakeWebSocket.latest().drop();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(FakeWebSocket.instances).toHaveLength(count + 2);

    // While an attempt is under way, coming online again does not start a second one.
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.instances).toHaveLength(count + 2);
    vi.restoreAllMocks();
  });

  it('joins again the conversations joined before a reconnect, and tells listeners it reconnected', () => {
    const socket = makeSocket();
    const connects: boolean[] = [];
    socket.onConnect(({ reconnect }) => connects.push(reconnect));
    socket.subscribe(() => undefined);
    // Joined before the socket is open: sent once it opens.
    const leaveA = socket.join(A);
    FakeWebSocket.latest().open();
    socket.join(B);
    expect(FakeWebSocket.latest().sent).toEqual([
      { type: 'join', conversationId: A },
      { type: 'join', conversationId: B },
    ]);

    leaveA();
    expect(FakeWebSocket.latest().sent.at(-1)).toEqual({ type: 'leave', conversationId: A });

    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'join', conversationId: B }]);
    expect(connects).toEqual([false, true]);
  });

  it('opens a visitor’s socket for public topics, watches them again after a reconnect, and stops when told', () => {
    const socket = makeSocket(() => 1, null);
    socket.subscribe(() => undefined);
    const stopFeed = socket.watch('feed');
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().url).toBe('ws://mentor.test/ws/public');
    socket.watch(`question:${A}`);
    expect(FakeWebSocket.latest().sent).toEqual([
      { type: 'watch', topic: 'feed' },
      { type: 'watch', topic: `question:${A}` },
    ]);
    stopFeed();
    expect(FakeWebSocket.latest().sent.at(-1)).toEqual({ type: 'unwatch', topic: 'feed' });
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().open();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'watch', topic: `question:${A}` }]);
  });

  it('moves to a member’s socket at once when someone signs in, keeping what was watched', () => {
    const socket = makeSocket(() => 1, null);
    socket.subscribe(() => undefined);
    socket.watch('feed');
    const visitor = FakeWebSocket.latest();
    visitor.open();
    socket.setMember('member-2');
    expect(visitor.closedByClient).toBe(true);
    const member = FakeWebSocket.latest();
    expect(member.url).toBe('ws://mentor.test/ws');
    member.open();
    expect(member.sent).toEqual([{ type: 'watch', topic: 'feed' }]);
    socket.setMember('member-2');
    expect(FakeWebSocket.latest()).toBe(member);
  });

  it('keeps a conversation joined until every screen that joined it has left', () => {
    const socket = makeSocket();
    socket.subscribe(() => undefined);
    FakeWebSocket.latest().open();
    const first = socket.join(A);
    const second = socket.join(A);
    first();
    first();
    expect(FakeWebSocket.latest().sent).toEqual([{ type: 'join', conversationId: A }]);
    second();
    expect(FakeWebSocket.latest().sent.at(-1)).toEqual({ type: 'leave', conversationId: A });
  });

  it('sends only while open and reports its state to listeners', () => {
    const socket = makeSocket();
    const states: string[] = [];
    socket.onStateChange(() => states.push(socket.getState()));
    socket.subscribe(() => undefined);
    expect(socket.send({ type: 'typing', conversationId: A })).toBe(false);
    FakeWebSocket.latest().open();
    expect(socket.send({ type: 'typing', conversationId: A })).toBe(true);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(500);
    FakeWebSocket.latest().open();
    expect(states).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('stops reconnecting once nobody listens', () => {
    const socket = makeSocket();
    const stop = socket.subscribe(() => undefined);
    FakeWebSocket.latest().drop();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(socket.getState()).toBe('idle');
  });
});
