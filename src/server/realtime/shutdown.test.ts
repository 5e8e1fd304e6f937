import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, signUp, type TestDatabase } from '../test/helpers';
import { MAX_FRAME_BYTES } from './channel';
import { openSocket } from './realtime.test-helpers';

let database: TestDatabase;
const lines: { level: number; msg: string }[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      lines.push(JSON.parse(line) as { level: number; msg: string });
    done();
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe('the realtime channel as an instance stops', () => {
  it('closes members’ and visitors’ sockets with 1012, so their clients reconnect to another instance', async () => {
    const app = await buildTestApp(database);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const student = await signUp(app);
    const member = await openSocket(base, { cookie: student.cookie });
    const visitor = await openSocket(base, {}, '/ws/public');
    await Promise.all([member.next('hello'), visitor.next('hello')]);
    await app.close();
    expect(await member.closed).toMatchObject({ code: 1012 });
    expect(await visitor.closed).toMatchObject({ code: 1012 });
  });

  it('closes a socket that sends a frame too large with 1009, and logs no error for it', async () => {
    const app = await buildTestApp(database, {}, { level: 'info', stream: logStream });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const visitor = await openSocket(base, {}, '/ws/public');
    await visitor.next('hello');
    visitor.ws.send('x'.repeat(MAX_FRAME_BYTES + 1));
    expect(await visitor.closed).toMatchObject({ code: 1009 });
    await app.close();
    expect(lines.some((line) => line.msg.includes('Max payload size exceeded'))).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
