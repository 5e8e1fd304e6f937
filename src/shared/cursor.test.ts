import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cursorQuery, encodeCursor } from './cursor';

const position = z.strictObject({ name: z.string(), id: z.guid() });
const query = cursorQuery(position, 1_200);
const id = '6f1c2a9e-3b4d-4e5f-8a6b-7c8d9e0f1a2b';

describe('a list cursor', () => {
  it('reads back the position it was made from, Vietnamese text included, in URL-safe characters', () => {
    const cursor = encodeCursor({ name: 'nguyễn thị ánh', id });
    expect(cursor).toMatch(/^[\w-]+$/);
    expect(query.parse(cursor)).toEqual({ name: 'nguyễn thị ánh', id });
  });

  it('is the first page when empty, and refuses one the server did not make', () => {
    expect(query.parse(undefined)).toBeUndefined();
    expect(query.parse('')).toBeUndefined();
    for (const bad of [
      '12',
      'abc',
      encodeCursor({ name: 'x' }),
      encodeCursor({ name: 'x', id, more: 1 }),
      'a+b',
    ])
      expect(query.safeParse(bad).success).toBe(false);
  });
});
