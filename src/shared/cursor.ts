import { z } from 'zod';

/**
 * The one shape of a list's cursor: where the next page starts (the last row's sort keys, ending with its id), as
 * base64url JSON, opaque to clients. The server makes it with `encodeCursor` and reads it back through
 * `cursorSchema`, so a cursor it did not make is a 400, never a database error. atob, btoa and the text codecs
 * exist in browsers and in Node alike.
 */
export function encodeCursor(position: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The JSON a base64url text holds, or undefined. */
function decodeCursor(value: string): unknown {
  const base64 = value.replaceAll('-', '+').replaceAll('_', '/');
  try {
    // A last lone character carries no whole byte.
    const binary = atob(base64.length % 4 === 1 ? base64.slice(0, -1) : base64);
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return undefined;
  }
}

/** A cursor text read back into the position it names, checked against the list's own shape. */
export const cursorSchema = <T extends z.ZodType>(position: T) =>
  z.string().transform(decodeCursor).pipe(position);

/**
 * A cursor in a query string: checked for its characters and length first, then read as `position`; one the server
 * did not make is a 400 with `validation.cursorInvalid`, an empty one is the first page.
 */
export const cursorQuery = <T extends z.ZodType>(position: T, maxLength = 200) => {
  const read = cursorSchema(position);
  return z
    .string()
    .max(maxLength, 'validation.cursorInvalid')
    .regex(/^[\w-]*$/, 'validation.cursorInvalid')
    .optional()
    .transform((cursor, ctx): z.output<T> | undefined => {
      if (!cursor) return undefined;
      const parsed = read.safeParse(cursor);
      if (parsed.success) return parsed.data;
      ctx.issues.push({ code: 'custom', message: 'validation.cursorInvalid', input: cursor });
      return z.NEVER;
    });
};
