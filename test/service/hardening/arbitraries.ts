/**
 * fast-check generators of hostile input for the service: strings that break parsers and SQL,
 * ids that are not ids, impossible dates, malformed query strings, headers and JSON bodies.
 * Every write they build is invalid by construction (no real variant with a bookable day, no
 * existing id in a write's path), so a write that answers 2xx is itself a finding.
 */
import fc from 'fast-check';

/** Strings that have broken services before: SQL, NUL, lone surrogates, markup, huge numbers. */
export const NASTY_STRINGS = [
  "' OR 1=1--",
  '1; DROP TABLE reservations;--',
  "1' UNION SELECT token_hash FROM tokens--",
  "'); DELETE FROM blackouts WHERE ('1'='1",
  '$1',
  '%',
  "%' OR '1'='1",
  '\\',
  '"',
  '\u0000',
  'a\u0000b',
  '8001\u0000',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\u202e\u2066',
  '💥🏄‍♀️',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '',
  ' ',
  'null',
  'true',
  'NaN',
  'Infinity',
  '-0',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1f41',
  '+8001',
  ' 8001',
  '８００１',
  '9007199254740993',
  '18446744073709551616',
  '9'.repeat(400),
  'x'.repeat(5_000),
] as const;

/** A string that is nasty, random (any code point, lone surrogates included) or both. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 3,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom(...NASTY_STRINGS), fc.constantFrom(...NASTY_STRINGS)).map(([a, b]) => a + b),
  },
);

/** Numbers that overflow, underflow or are not whole. */
export const hugeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    2 ** 31,
    -(2 ** 31) - 1,
    0.1,
    -0,
    1e-7,
    8001.5,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -(2 ** 31), max: 0 }),
);

/** Dates that do not exist, or exist only far outside any booking window. */
export const IMPOSSIBLE_DATES = [
  '2026-02-29',
  '2027-02-29',
  '2026-02-30',
  '2026-04-31',
  '2026-11-31',
  '2026-13-01',
  '2026-00-10',
  '2026-12-00',
  '2026-12-32',
  '0000-01-01',
  '0001-01-01',
  '0099-12-31',
  '1582-10-10',
  '1900-02-29',
  '1969-12-31',
  '9999-12-31',
  '+002026-12-01',
  '-000001-01-01',
  '275760-09-14',
  '2026-12-1',
  '26-12-01',
  '2026/12/01',
  '2026-12-01T',
  '2026-12-01T24:00Z',
  '2026-12-01T23:59:60Z',
  '2026-12-01T10:00+25:00',
  '2026-12-01 24:00',
  '2026-12-01 10:60',
  '2026-10-04 02:30',
  '２０２６-１２-０１',
  '2026-12-01\u0000',
] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Impossible or out-of-window days `YYYY-MM-DD`: month 0 or 13, day 0 or 32, years 0-99 and 9990-9999. */
export const impossibleDate: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...IMPOSSIBLE_DATES),
  fc
    .record({
      year: fc.oneof(
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 9990, max: 9999 }),
        fc.integer({ min: 1000, max: 1969 }),
      ),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
    })
    .map(({ year, month, day }) => `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`),
);

/** The same days as shop-local date-times `YYYY-MM-DD HH:MM`, with impossible times too. */
export const impossibleDateTime: fc.Arbitrary<string> = fc
  .tuple(impossibleDate, fc.integer({ min: 0, max: 25 }), fc.constantFrom(0, 30, 59, 60, 99))
  .map(([day, hour, minute]) => `${day} ${pad(hour, 2)}:${pad(minute, 2)}`);

/** Path segments that cannot name a record of the caller's shop (never a small existing id). */
export const hostileId: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '00',
    '01e1',
    '1.0',
    '1e3',
    '999999',
    '2147483648',
    '9007199254740992',
    '99999999999999999999',
    '%00',
    '%2F',
    '%ZZ',
    '%ED%A0%80',
    '..',
    '%2e%2e',
    'null',
    "1'--",
    '1%20OR%201=1',
    'abc',
  ),
  fc.integer({ min: 1000, max: 2 ** 53 - 1 }).map(String),
  fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 12 }).map((s) => encodeURIComponent(s)),
);

/** A value as a query string carries it: well-formed strings percent-encoded, others raw. */
export function queryEncode(value: string): string {
  if (value.isWellFormed()) return encodeURIComponent(value);
  // A lone surrogate cannot be encoded; send the bytes a careless client would (CESU-8).
  return [...value].map((c) => (c.isWellFormed() ? encodeURIComponent(c) : '%ED%A0%80')).join('');
}

const QUERY_NAMES = [
  'page',
  'per',
  'start_min',
  'finish_max',
  'product_id',
  'external_product_id',
  'variant_id',
  'external_variant_id',
  'location_id',
  'vendor',
  'cart_token',
  'active',
  'start',
  'finish',
  'token',
  'id',
  '__proto__',
  '',
] as const;

/** A query string: known and unknown names, nasty values, repeats, and raw malformed pieces. */
export const hostileQuery: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .tuple(
            fc.constantFrom(...QUERY_NAMES),
            fc.oneof(nastyString, impossibleDate, fc.constantFrom('1', '250', '251', '8001')),
          )
          .map(([k, v]) => `${queryEncode(k)}=${queryEncode(v)}`),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(nastyString, nastyString).map(([k, v]) => `${queryEncode(k)}=${queryEncode(v)}`),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '%ZZ',
          '%',
          '=',
          '&',
          'a=b=c',
          'page',
          'per=1&per=2',
          'page[]=1',
          'page[a]=1',
          '%00=%00',
          'token=sk_test_harbour',
          'active=true&active=false',
        ),
      },
    ),
    { maxLength: 6 },
  )
  .map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));

/** The legal bytes of a header value from a nasty string (Headers refuses NUL, CR, LF, > U+00FF). */
export function headerSafe(value: string): string {
  return value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '').trim();
}

/** Authorization headers: real tokens, other schemes, malformed and nasty ones, or none. */
export const hostileAuthorization: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(
    undefined,
    'Bearer sk_test_harbour',
    'Bearer pk_test_harbour',
    'Bearer sk_test_alpine',
    'Bearer pk_test_alpine',
  ),
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'bearer sk_test_harbour',
    'Basic c2tfdGVzdF9oYXJib3VyOg==',
    'Bearer sk_test_harbour sk_test_alpine',
    'Bearer sk_test_harbou',
    'Bearer sk_test_harbourx',
    'Token sk_test_harbour',
    `Bearer ${'a'.repeat(300)}`,
  ),
  nastyString.map((s) => headerSafe(`Bearer ${s}`)),
  nastyString.map(headerSafe),
);

/** Content types: JSON, its near misses and others. */
export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/jsonp',
  'text/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  ';;;',
);

/** Origins: none, allowed, not allowed, the opaque "null", and nasty. */
export const hostileOrigin: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(
    undefined,
    undefined,
    'https://harbour.example',
    'https://alpine.example',
    'https://evil.example',
    'null',
    'https://harbour.example.evil.example',
    'http://harbour.example',
    'https://harbour.example/',
  ),
  nastyString.map(headerSafe),
);

/** Nesting `depth` deep, as raw JSON text (arrays, objects, or both). */
export function deepJson(depth: number, kind: 'array' | 'object' | 'mixed'): string {
  if (kind === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (kind === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`;
}

/** Raw bodies that are not what a parser expects. A `Uint8Array` is sent as bytes. */
export const rawBody: fc.Arbitrary<string | Uint8Array> = fc.oneof(
  fc.constantFrom<string | Uint8Array>(
    '',
    ' ',
    'null',
    'true',
    '1e999',
    '-1e999',
    '18446744073709551616',
    '"\\u0000"',
    '"\\ud800"',
    '{"cart_token":"\\ud800","items":[]}',
    '{"a":1,"a":2}',
    '{"__proto__":{"polluted":true},"items":[]}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{',
    '{"items":[',
    '{"items":[1,2,]}',
    "{'single':'quotes'}",
    '\ufeff{"items":[]}',
    '{"items":[]}garbage',
    '<html><body>502 Bad Gateway</body></html>',
    'cart_token=x&items=1',
    'x'.repeat(70 * 1024),
    JSON.stringify({ items: Array.from({ length: 3000 }, () => ({ external_id: 1 })) }),
    new Uint8Array([0xff, 0xfe, 0x7b, 0x7d]),
    new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    new Uint8Array([0xed, 0xa0, 0x80]),
    new Uint8Array([0x00, 0x00, 0x00]),
  ),
  fc
    .constantFrom(500, 5_000, 20_000)
    .chain((depth) =>
      fc.constantFrom<'array' | 'object' | 'mixed'>('array', 'object', 'mixed').map((kind) => deepJson(depth, kind)),
    ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** JSON values with nasty leaves, at any depth up to a few levels. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    hugeNumber,
    impossibleDate,
    fc.constantFrom(null, true, false, 0, 1, '8001', 8001.5),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'items', 'cart_token', 'external_id', 'start', 'quantity'),
        nastyString,
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** A reservation or booking item whose fields are each nasty (never a valid item). */
export const hostileItem: fc.Arbitrary<unknown> = fc.oneof(
  nastyJson,
  fc.record(
    {
      external_id: fc.oneof(nastyString, hugeNumber, fc.constantFrom(0, -8001, '8001 OR 1=1', 99_999_999)),
      start: fc.oneof(impossibleDate, nastyString),
      finish: fc.oneof(impossibleDate, nastyString),
      quantity: fc.oneof(hugeNumber, nastyString),
      resource_id: nastyString,
    },
    { requiredKeys: ['external_id'] },
  ),
);

/** JSON bodies for every write: the right top-level shape with nasty fields, or anything at all. */
export const hostileJsonBody: fc.Arbitrary<unknown> = fc.oneof(
  nastyJson,
  fc.record(
    {
      cart_token: fc.oneof(nastyString, hugeNumber),
      items: fc.oneof(fc.array(hostileItem, { maxLength: 4 }), nastyJson),
      guests: fc.array(fc.record({ email: nastyString, first_name: nastyString }), { maxLength: 2 }),
    },
    { requiredKeys: ['items'] },
  ),
  fc.record(
    {
      starts_at: fc.oneof(impossibleDateTime, nastyString),
      // Never a date-time: a pair of real (past) times would be a valid booking.
      finishes_at: nastyString,
      items: fc.array(hostileItem, { maxLength: 3 }),
      fields: fc.array(fc.record({ name: nastyString, value: nastyString }), { maxLength: 2 }),
      tags: fc.array(nastyString, { maxLength: 2 }),
      create_draft_order: nastyJson,
      cart_token: nastyString,
    },
    { requiredKeys: ['starts_at'] },
  ),
  fc.record(
    {
      title: fc.oneof(nastyString, hugeNumber),
      starts_at: fc.oneof(impossibleDate, nastyString, hugeNumber),
      // Never a date: two far-off real days would be a valid blackout.
      finishes_at: nastyString,
      all_day: fc.oneof(hugeNumber, nastyString),
      scope: nastyString,
      product_id: fc.oneof(hugeNumber, nastyString),
      external_variant_id: fc.oneof(hugeNumber, nastyString),
      location_id: fc.oneof(hugeNumber, nastyString),
    },
    { requiredKeys: ['starts_at'] },
  ),
);
