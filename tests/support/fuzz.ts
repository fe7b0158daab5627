import fc from 'fast-check';

/*
 * Requests generated from the OpenAPI document: for every operation, values of each parameter and
 * body field that are valid, on a boundary, or hostile (wrong types, huge or odd text, prototype
 * keys), and whole bodies that are malformed (broken JSON, the wrong content type, broken multipart).
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  pathParams: Array<{ name: string; schema: JsonSchema }>;
  queryParams: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** The JSON body's schema, or 'multipart' for an upload, or undefined when the call reads none. */
  body?: JsonSchema | { multipart: string };
  /** Whether its refusals are JSON (a few calls answer the browser a page instead). */
  refusesInJson: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; required?: boolean; schema: JsonSchema }>;
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses: Record<string, { content?: Record<string, unknown> }>;
      }
    >
  >;
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const multipart = content['multipart/form-data']?.schema.required?.[0];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map(({ name, schema, required }) => ({ name, schema, required: required === true })),
        body: multipart ? { multipart } : content['application/json']?.schema,
        refusesInJson: op.responses['4XX']?.content?.['application/json'] !== undefined,
      };
    }),
  );
}

/** Values the server knows (ids of records, emails of accounts, photo URLs), by field name. */
export interface KnownValues {
  ids: string[];
  emails: string[];
  photos: string[];
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Text that has broken servers before: control characters, scripts, paths, SQL, odd unicode. */
const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Eevil',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǒ̹̯',
  '\uD800',
  "' OR '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '${7*7}{{7*7}}',
  '%s%n%x',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x10',
  ' ',
  '\t\n\r',
];

const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

const hugeString = fc
  .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', ' '), fc.integer({ min: 1_000, max: 70_000 }))
  .map(([unit, n]) => unit.repeat(n));

/** Values of the wrong kind, whatever the schema wants. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(0, -1, 1.5, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'a'), fc.string(), { maxKeys: 2 }),
);

const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_TEXT),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  hugeString,
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(wrongType, hostileText, anyJson);

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** A value the schema accepts, as far as a JSON Schema without zod's refinements can say. */
export function validValue(schema: JsonSchema, field: string, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => validValue(s, field, known)));
  if (schema.allOf?.[0]) return validValue(schema.allOf[0], field, known);
  const types = typesOf(schema);
  const arbitraries = (types.length ? types : ['string']).map((type) => valueOfType(type, schema, field, known));
  return fc.oneof(...arbitraries);
}

function valueOfType(type: string, schema: JsonSchema, field: string, known: KnownValues): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringValue(schema, field, known);
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1;
      const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1;
      const n = fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) });
      return type === 'integer' ? n : fc.oneof(n, fc.double({ min, max, noNaN: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, field, known) : anyJson, {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 8),
      });
    case 'object':
      return objectValue(schema, known, validValue);
    default:
      return anyJson;
  }
}

function stringValue(schema: JsonSchema, field: string, known: KnownValues): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 80, 400);
  const options: Array<fc.Arbitrary<string>> = [];
  if (/email/i.test(field) || schema.format === 'email') options.push(fc.emailAddress());
  if (/email/i.test(field) && known.emails.length) options.push(fc.constantFrom(...known.emails));
  if (/(^|_)id$|Id$/.test(field) && known.ids.length) options.push(fc.constantFrom(...known.ids));
  if (/img|photo|url/i.test(field) && known.photos.length) options.push(fc.constantFrom(...known.photos));
  if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
  if (!schema.pattern && !options.length) {
    options.push(fc.string({ minLength, maxLength }));
    options.push(fc.stringMatching(/^\d{1,12}$/).filter((s) => s.length >= minLength && s.length <= maxLength));
  }
  return fc.oneof(...options);
}

/** Values just inside and just outside the schema's limits. */
export function boundaryValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const values: unknown[] = ['', 0, -1];
  for (const n of [schema.minLength, schema.maxLength]) {
    if (n === undefined) continue;
    for (const length of [n - 1, n, n + 1]) if (length >= 0) values.push('x'.repeat(length), '€'.repeat(length));
  }
  for (const n of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (n !== undefined) values.push(n - 1, n, n + 1, n + 0.5, String(n + 1));
  }
  values.push(2 ** 31, 2 ** 53, -(2 ** 53), 1.0000001);
  return fc.constantFrom(...values);
}

/** A value for a field: mostly valid, often on a boundary, often hostile. */
export function fieldValue(schema: JsonSchema, field: string, known: KnownValues): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: validValue(schema, field, known), weight: 5 },
    { arbitrary: boundaryValue(schema), weight: 2 },
    { arbitrary: hostileValue, weight: 2 },
  );
}

type ValueOf = (schema: JsonSchema, field: string, known: KnownValues) => fc.Arbitrary<unknown>;

/** An object with every required property, some optional ones, and now and then unknown or prototype keys. */
function objectValue(schema: JsonSchema, known: KnownValues, valueOf: ValueOf): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(properties).map(([name, propertySchema]) =>
    fc
      .tuple(
        fc.constant(name),
        valueOf(propertySchema, name, known),
        // A required field is left out now and then, an optional one half the time.
        required.has(name) ? fc.integer({ min: 0, max: 9 }).map((n) => n > 0) : fc.boolean(),
      )
      .map(([key, value, present]) => (present ? [[key, value] as const] : [])),
  );
  const extra = fc.oneof(
    { arbitrary: fc.constant([] as Array<readonly [string, unknown]>), weight: 4 },
    {
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...PROTOTYPE_KEYS, 'role', 'isAdmin', 'seller_id'), anyJson), {
        maxLength: 2,
      }),
      weight: 1,
    },
  );
  return fc.tuple(fc.tuple(...entries), extra).map(([present, extras]) => {
    const pairs = [...present.flat(), ...extras];
    // JSON text is built from the pairs, so "__proto__" arrives as an own key, as a hostile client sends it.
    return JSON.parse(`{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join(',')}}`);
  });
}

export function bodyValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (typesOf(schema).includes('object') || schema.properties) return objectValue(schema, known, fieldValue);
  return fieldValue(schema, 'body', known);
}
