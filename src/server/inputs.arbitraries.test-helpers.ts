/**
 * What the property tests of the API's inputs send: strings of any characters (control characters, NUL, lone
 * UTF-16 surrogates, bidirectional and zero-width characters, very long runs), values of the wrong type, and
 * path segments and query values in any percent-encoding, valid or not.
 */
import fc from 'fast-check';

export const charIn = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((code) => String.fromCharCode(code));

/** Characters that show nothing or turn text around. */
const INVISIBLE_OR_BIDI = [
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u115f',
  '\u1160',
  '\u17b4',
  '\u180e',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u3164',
  '\ufe0f',
  '\ufeff',
  '\uffa0',
];

/** Pieces that have broken parsers, encoders, SQL, full-text search and regular expressions before. */
const TRICKY = [
  '\u0000',
  '\u2028',
  '\u2029',
  '\u00a0',
  '\u3000',
  '\ufffd',
  '\ufffe',
  '\uffff',
  '\u{10ffff}',
  '\u{1f600}',
  '\u{1f469}\u200d\u{1f4bb}',
  'e\u0301',
  '\u0130',
  '\u00df',
  '\ufb03',
  '\u1e9e',
  '%',
  '%00',
  '%FF',
  '%ED%A0%80',
  '\\',
  '\\u0000',
  "'",
  '"',
  '`',
  '$1',
  '${x}',
  '<',
  '>',
  '&',
  '|',
  '!',
  '(',
  ')',
  ':*',
  '<->',
  '=',
  '+',
  '#',
  '?',
  '/',
  '..',
  ';',
  ',',
  ':',
  '*',
  '_',
  '--',
  '/*',
  "' or 1=1 --",
  '\\x00',
  'null',
  '__proto__',
  'constructor',
  '{}',
  '[]',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x1f',
  ' ',
  '\t',
  '\n',
  '\r\n',
  'Tăng Thị Ngọc Ánh',
];

/** One piece of a string: mostly text people write, often something no one should send. */
export const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: charIn(0x00, 0x1f) },
  { weight: 1, arbitrary: charIn(0x7f, 0x9f) },
  { weight: 2, arbitrary: charIn(0xd800, 0xdfff) },
  { weight: 2, arbitrary: fc.constantFrom(...INVISIBLE_OR_BIDI) },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY) },
);

/** A run of one short piece repeated to a length: around a field's limit, or far past it. */
const repeated = (lengths: fc.Arbitrary<number>) =>
  fc
    .tuple(
      fc.oneof(
        fc.constantFrom('a', ' ', 'é', 'e\u0301', '\u{1f600}', '\u200b', '\u0000', 'ab\n'),
        fc.string({ unit: piece, minLength: 1, maxLength: 3 }),
      ),
      lengths,
    )
    // Cutting may split a surrogate pair in two: a lone surrogate at the end, as a buggy client would send.
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));

/** Around a limit (a character either side of it), or well past it. */
const nearLimit = (limit: number) =>
  repeated(
    fc.oneof(fc.integer({ min: limit - 2, max: limit + 2 }), fc.integer({ min: limit, max: limit * 4 })),
  );

/** Any string at all, of up to `maxLong` characters. */
const text = (maxLong = 40_000) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit: piece, maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii' }) },
    { weight: 1, arbitrary: repeated(fc.integer({ min: 1, max: maxLong })) },
  );

/** Anything a JSON field can hold: any string, one near the field's limit, nothing, or not a string at all. */
export const anything = (limit?: number) =>
  fc.oneof(
    { weight: 8, arbitrary: text() as fc.Arbitrary<unknown> },
    ...(limit ? [{ weight: 2, arbitrary: nearLimit(limit) as fc.Arbitrary<unknown> }] : []),
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );

/**
 * The string without what the schemas refuse (C0 and C1 controls except `keep`, and lone surrogates): strange
 * text that is accepted, and so reaches the services, the database and the answers.
 */
function accepted(value: string, keep = ''): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += value.slice(i, i + 2);
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      continue;
    } else if ((code <= 0x1f || (code >= 0x7f && code <= 0x9f)) && !keep.includes(value[i]!)) {
      continue;
    } else {
      out += value[i];
    }
  }
  return out;
}

/** A strange one-line text the schemas accept, of at most `maxLength` pieces. */
export const lineOk = (maxLength: number) =>
  fc
    .string({ unit: piece, minLength: 1, maxLength })
    .map((v) => accepted(v))
    .filter((v) => v.trim().length > 0);

/** A strange long text (tabs and line breaks allowed) the schemas accept. */
export const longOk = (maxLength: number) =>
  fc
    .string({ unit: piece, minLength: 1, maxLength })
    .map((v) => accepted(v, '\t\n\r'))
    .filter((v) => v.trim().length > 0);

/** Display names: readable ones, and ones with something strange after a letter. */
export const displayName = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }).filter((v) => v.trim().length > 0),
  fc
    .tuple(fc.constantFrom('Anh', 'Zoë', '李', 'Ngọc', 'ĐỨC'), lineOk(20))
    .map(([first, rest]) => `${first} ${rest}`),
);

/**
 * A body valid but for one field, which may be anything at all; now and then every field is anything. Fuzzing
 * every field at once would almost always be refused at the first bad one, and never reach the service.
 */
export function oneFieldOff(
  valid: fc.Arbitrary<Record<string, unknown>>,
  fuzz: Record<string, fc.Arbitrary<unknown>>,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fuzz);
  return fc.oneof(
    { weight: keys.length, arbitrary: valid },
    ...keys.map((key) => ({
      weight: 2,
      arbitrary: fc.tuple(valid, fuzz[key]!).map(([body, value]) => ({ ...body, [key]: value })),
    })),
    { weight: 1, arbitrary: fc.record(fuzz) as fc.Arbitrary<Record<string, unknown>> },
  );
}

const HEX = '0123456789ABCDEF';
const byteEscape = (byte: number) => `%${HEX[byte >> 4]}${HEX[byte & 15]}`;

/** UTF-8 percent-encoding, except that a lone surrogate goes out as its three (invalid UTF-8) WTF-8 bytes. */
export function encode(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    let bytes: number[];
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      bytes = [...Buffer.from(value.slice(i, i + 2), 'utf8')];
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
    } else {
      bytes = [...Buffer.from(value[i]!, 'utf8')];
    }
    for (const byte of bytes) {
      const c = String.fromCharCode(byte);
      out += /^[A-Za-z0-9\-._~]$/.test(c) ? c : byteEscape(byte);
    }
  }
  return out;
}

const encodeBytes = (bytes: Uint8Array) => [...bytes].map(byteEscape).join('');

/** A path segment or query value, percent-encoded: any string, or any bytes (UTF-8 or not). */
export const encodedAny = (maxLong = 3_000) =>
  fc.oneof(
    { weight: 6, arbitrary: text(maxLong).map(encode) },
    { weight: 2, arbitrary: fc.uint8Array({ maxLength: 24 }).map(encodeBytes) },
  );

/** A query parameter that may be anything: any value, absent, or given several times. */
export const anyParam = (maxLong = 3_000) =>
  fc.oneof(
    { weight: 8, arbitrary: encodedAny(maxLong) as fc.Arbitrary<string | string[] | undefined> },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(encodedAny(maxLong), { minLength: 2, maxLength: 3 }) },
  );

/** An optional query parameter with a valid value. */
export const validParam = (value: fc.Arbitrary<string>) => fc.option(value.map(encode), { nil: undefined });

type Query = Record<string, unknown>;

export function withQuery(path: string, query: Query): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) parts.push(`${key}=${String(one)}`);
  }
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

/** Now and then, a parameter no route knows. */
export const extraParam = fc.option(
  fc.tuple(
    fc.oneof(fc.constantFrom('__proto__', 'constructor', 'q[]', 'toString'), encodedAny(40)),
    encodedAny(),
  ),
  { nil: undefined, freq: 3 },
);

export const withExtra = (query: Query, extra: [string, string] | undefined): Query =>
  extra && extra[0] ? { ...query, [extra[0]]: extra[1] } : query;

export const base64urlJson = (value: unknown) =>
  Buffer.from(JSON.stringify(value) ?? '').toString('base64url');

/** Numbers as people, programs and attackers write them. */
export const numeric = fc.oneof(
  fc.double().map(String),
  fc.integer().map(String),
  fc.integer({ min: -200, max: 200 }).map(String),
  fc.constantFrom(
    'NaN',
    'Infinity',
    '-Infinity',
    '1e400',
    '-0',
    '0x10',
    '',
    ' ',
    '1_0',
    '\u0969',
    '1,5',
    '+5',
    '.5',
  ),
);
