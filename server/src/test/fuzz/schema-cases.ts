/**
 * Hostile request cases derived from a route's declared schema (the JSON Schema the app's OpenAPI
 * document carries for every zod schema). For each leaf of the body, the query and the path, one
 * plausible request is taken and that one leaf replaced by values an attacker or a broken client
 * sends: wrong types, null, boundary and huge numbers, NaN-like text, 100 KB strings, NUL and
 * broken Unicode, path traversal; plus whole-body cases (wrong shapes, deep nesting, unknown
 * fields). Deterministic: the same schema always gives the same cases.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  default?: unknown;
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A value for a path or query parameter, already in URL form (percent-encoded where it must be). */
export const HOSTILE_PARAMS = [
  '2147483648', // one past int4
  '9007199254740993', // past 2⁵³
  '-1',
  '1.5',
  'NaN',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  'a%00b',
  '%ED%A0%80', // a lone surrogate in UTF-8 (invalid)
  '%C0%AF', // overlong '/'
  'x'.repeat(3000),
];

const LONG_TEXT = 'x'.repeat(100 * 1024);

/** A nested array `depth` levels deep: [[[…]]]. */
export function deepArray(depth: number): Json {
  let value: Json = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A nested object `depth` levels deep: {"a":{"a":…}}. */
export function deepObject(depth: number): Json {
  let value: Json = {};
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const NUMBER_VALUES: Json[] = [2147483648, 9007199254740991, -1, 1.5, '2147483648', 'NaN', null, 'x'];
const STRING_VALUES: Json[] = [
  'a\u0000b',
  '\ud800x', // a lone surrogate
  LONG_TEXT,
  '../../../etc/passwd',
  12345,
  null,
  { x: 'y' },
];
const BOOLEAN_VALUES: Json[] = ['true', null, 'a\u0000b'];
const ARRAY_VALUES: Json[] = [null, 'x', {}, [2147483648], ['a\u0000b'], deepArray(200)];
const OBJECT_VALUES: Json[] = [null, 'x', [], deepObject(200)];

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

/** The first alternative of a union (anyOf / oneOf), or the schema itself. */
function resolve(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) {
    const first = options.find((o) => o.type !== 'null') ?? options[0];
    return first ? resolve(first) : schema;
  }
  if (schema.allOf?.[0]) return resolve({ ...schema.allOf[0], ...schema, allOf: undefined });
  return schema;
}

function plausibleNumber(schema: JsonSchema): number {
  // 999999: no row of a fuzzed database has that id, so plausible requests change nothing real.
  const preferred = 999_999;
  const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
  const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
  if (preferred >= min && preferred <= max) return preferred;
  return min > Number.MIN_SAFE_INTEGER ? min : max;
}

/** A value the schema probably accepts: enums' first value, in-range numbers, minimal strings. */
export function plausible(schema: JsonSchema, depth = 0): Json {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const as Json;
  if (s.enum && s.enum.length > 0) return s.enum[0] as Json;
  if (s.default !== undefined && typeOf(s) !== 'object') return s.default as Json;
  switch (typeOf(s)) {
    case 'integer':
    case 'number':
      return plausibleNumber(s);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'email') return 'fuzz@example.com';
      return 'f'.repeat(Math.max(1, s.minLength ?? 1));
    case 'array': {
      if (depth > 6) return [];
      if (s.prefixItems) return s.prefixItems.map((item) => plausible(item, depth + 1));
      const count = s.minItems ?? 0;
      return s.items ? Array.from({ length: count }, () => plausible(s.items as JsonSchema, depth + 1)) : [];
    }
    case 'object': {
      const out: Record<string, Json> = {};
      if (depth > 6) return out;
      for (const [key, child] of Object.entries(s.properties ?? {})) out[key] = plausible(child, depth + 1);
      return out;
    }
    default:
      return 'f';
  }
}

export interface Leaf {
  path: (string | number)[];
  schema: JsonSchema;
}

/** Every property and array item below `schema` (depth-limited), with its path. */
export function leaves(schema: JsonSchema, path: (string | number)[] = [], depth = 0): Leaf[] {
  const s = resolve(schema);
  const out: Leaf[] = path.length > 0 ? [{ path, schema: s }] : [];
  if (depth > 5) return out;
  if (typeOf(s) === 'object') {
    for (const [key, child] of Object.entries(s.properties ?? {}))
      out.push(...leaves(child, [...path, key], depth + 1));
  } else if (typeOf(s) === 'array' && s.items && !s.prefixItems) {
    out.push(...leaves(s.items, [...path, 0], depth + 1));
  }
  return out;
}

/** Hostile values for a leaf of this kind. */
export function hostileValues(schema: JsonSchema): Json[] {
  switch (typeOf(resolve(schema))) {
    case 'integer':
    case 'number':
      return NUMBER_VALUES;
    case 'string':
      return STRING_VALUES;
    case 'boolean':
      return BOOLEAN_VALUES;
    case 'array':
      return ARRAY_VALUES;
    case 'object':
      return OBJECT_VALUES;
    default:
      return [...STRING_VALUES.slice(0, 4), ...NUMBER_VALUES.slice(0, 4)];
  }
}

function cloneJson(value: Json): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** `base` with the value at `path` replaced (arrays on the way get an element when empty). */
export function withValue(base: Json, path: (string | number)[], value: Json, schema: JsonSchema): Json {
  const root = cloneJson(base);
  let node: Json = root;
  let nodeSchema: JsonSchema = resolve(schema);
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string | number;
    const childSchema: JsonSchema =
      typeof key === 'number'
        ? (nodeSchema.items ?? {})
        : (nodeSchema.properties?.[key] ?? ({} as JsonSchema));
    const container = node as Record<string | number, Json>;
    if (container[key] === undefined || container[key] === null) container[key] = plausible(childSchema);
    if (typeof key === 'number' && Array.isArray(node) && node.length === 0)
      node.push(plausible(childSchema));
    node = container[key] as Json;
    nodeSchema = resolve(childSchema);
  }
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(node)) {
    if (node.length === 0) node.push(null);
    node[last as number] = value;
  } else if (node && typeof node === 'object') {
    (node as Record<string, Json>)[last as string] = value;
  }
  return root;
}

/** Whole-body cases: the body as the wrong shape, deeply nested, with unknown or polluting keys. */
export function wholeBodyCases(base: Json): Json[] {
  const withExtra = (extra: Record<string, Json>): Json =>
    base && typeof base === 'object' && !Array.isArray(base) ? { ...base, ...extra } : extra;
  return [
    null,
    [],
    'x',
    12345,
    deepArray(1000),
    deepObject(1000),
    withExtra({ unknownField: LONG_TEXT, 'a\u0000b': 1 }),
    JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}') as Json,
  ];
}

/** Raw bodies no JSON parser accepts, with the content type each claims. */
export const RAW_BODIES: { payload: string | Buffer; contentType: string }[] = [
  { payload: '{"broken', contentType: 'application/json' },
  { payload: '{"a":1}}', contentType: 'application/json' },
  { payload: Buffer.from([0xff, 0xfe, 0x7b, 0x00]), contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'hello', contentType: 'text/plain' },
  { payload: '--xyz\r\nContent-Disposition: form-data; n', contentType: 'multipart/form-data; boundary=xyz' },
  { payload: '--xyz\r\n\r\n', contentType: 'multipart/form-data; boundary=xyz' },
  { payload: 'x', contentType: 'multipart/form-data' },
];
