import fc from 'fast-check';
import { bodyValue, fieldValue, hostileValue, type JsonSchema, type KnownValues, type Operation } from './fuzz';

/** One generated call, before it is made as some role. */
export interface FuzzCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Fastify's own limit on a path parameter; longer ones are refused before any route runs. */
const MAX_ENCODED_PARAM = 320;

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Lone surrogates cannot be percent-encoded; a client sends U+FFFD in their place. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** A path segment as a client can send it: well-formed UTF-16 (a lone surrogate cannot be encoded), at most the router's limit. */
function pathSegment(value: unknown): string {
  let text = wellFormed(asText(value).slice(0, MAX_ENCODED_PARAM));
  while (encodeURIComponent(wellFormed(text)).length > MAX_ENCODED_PARAM)
    text = text.slice(0, Math.floor(text.length * 0.8));
  return encodeURIComponent(wellFormed(text));
}

const queryValue = (value: unknown) => encodeURIComponent(wellFormed(asText(value).slice(0, 4_000)));

function urlArbitrary(op: Operation, known: KnownValues): fc.Arbitrary<string> {
  const segments = fc.tuple(...op.pathParams.map((p) => fieldValue(p.schema, p.name, known)));
  const query = fc.tuple(
    ...op.queryParams.map((p) =>
      fc.tuple(
        fc.constant(p.name),
        fieldValue(p.schema, p.name, known),
        p.required ? fc.constant(true) : fc.boolean(),
        // Now and then the parameter twice, which a query parser turns into a list.
        fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
      ),
    ),
  );
  const stray = fc.oneof(
    { arbitrary: fc.constant(''), weight: 5 },
    { arbitrary: fc.constantFrom('__proto__[x]=1', 'constructor=1', 'a[b][c]=1', '%zz', '&&=&'), weight: 1 },
  );
  return fc.tuple(segments, query, stray).map(([values, params, extra]) => {
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () => pathSegment(values[i++]));
    const pairs = params.flatMap(([name, value, present, twice]) => {
      if (!present) return [];
      const pair = `${name}=${queryValue(value)}`;
      return twice ? [pair, pair] : [pair];
    });
    if (extra) pairs.push(extra);
    return pairs.length ? `${path}?${pairs.join('&')}` : path;
  });
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8'];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '1',
];

const jsonBody = (value: unknown, type: string) => ({
  headers: { 'content-type': type },
  payload: JSON.stringify(value ?? null),
});

function jsonBodyArbitrary(schema: JsonSchema, known: KnownValues) {
  return fc.oneof(
    {
      arbitrary: fc.tuple(bodyValue(schema, known), fc.constantFrom(...JSON_TYPES)).map(([v, t]) => jsonBody(v, t)),
      weight: 8,
    },
    {
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((text) => ({ headers: { 'content-type': 'application/json' }, payload: text })),
      weight: 1,
    },
    { arbitrary: fc.tuple(hostileValue, fc.constantFrom(...OTHER_TYPES)).map(([v, t]) => jsonBody(v, t)), weight: 1 },
    { arbitrary: fc.constant({ headers: {}, payload: undefined }), weight: 1 },
    { arbitrary: multipartArbitrary('file'), weight: 1 },
  );
}

/** A multipart body: a real picture, random bytes, or a broken form (no boundary, no disposition, cut short). */
function multipartArbitrary(field: string, picture?: Buffer) {
  const boundary = 'fuzzboundary';
  const head = (name: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  const form = (name: string, bytes: Buffer) =>
    Buffer.concat([Buffer.from(head(name)), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const type = `multipart/form-data; boundary=${boundary}`;
  const bytes = fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a));
  return fc.oneof(
    ...(picture ? [fc.constant({ headers: { 'content-type': type }, payload: form(field, picture) })] : []),
    bytes.map((b) => ({ headers: { 'content-type': type }, payload: form(field, b) })),
    bytes.map((b) => ({ headers: { 'content-type': type }, payload: form('other', b) })),
    bytes.map((b) => ({ headers: { 'content-type': 'multipart/form-data' }, payload: b })),
    bytes.map((b) => ({
      headers: { 'content-type': type },
      payload: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Type: image/png\r\n\r\n`), b]),
    })),
    bytes.map((b) => ({
      headers: { 'content-type': type },
      payload: Buffer.from(head(field)).subarray(0, b.length % 90),
    })),
    fc.constant({ headers: { 'content-type': 'application/json' }, payload: '{}' }),
  );
}

function bodyArbitrary(op: Operation, known: KnownValues, picture: Buffer) {
  if (!op.body) {
    return fc.oneof(
      { arbitrary: fc.constant({ headers: {} as Record<string, string>, payload: undefined }), weight: 4 },
      {
        arbitrary: fc.constantFrom(...JSON_TYPES).map((t) => ({ headers: { 'content-type': t }, payload: undefined })),
        weight: 1,
      },
      { arbitrary: jsonBodyArbitrary({ type: 'object' }, known), weight: 1 },
    );
  }
  if ('multipart' in op.body) return multipartArbitrary(op.body.multipart, picture);
  return jsonBodyArbitrary(op.body, known);
}

/** Generated calls of one operation; `known` holds values the server knows, so some calls get past the lookups. */
export function callArbitrary(op: Operation, known: KnownValues, picture: Buffer): fc.Arbitrary<FuzzCall> {
  return fc.tuple(urlArbitrary(op, known), bodyArbitrary(op, known, picture)).map(([url, body]) => ({
    method: op.method,
    url,
    headers: body.headers as Record<string, string>,
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  }));
}
