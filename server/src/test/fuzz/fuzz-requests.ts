import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RouteAccessRecord } from '../../platform/types.ts';
import {
  HOSTILE_PARAMS,
  hostileValues,
  type Json,
  type JsonSchema,
  leaves,
  plausible,
  RAW_BODIES,
  wholeBodyCases,
  withValue,
} from './schema-cases.ts';

/** One request of the fuzz run, described well enough to replay it from the failure message. */
export interface FuzzRequest {
  method: string;
  url: string;
  /** What the case changed, e.g. 'body.sceneId = 2147483648'. */
  label: string;
  payload?: string | Buffer;
  contentType?: string;
}

export interface Operation {
  parameters?: { in?: string; name?: string; schema?: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
}
type OpenApiDoc = { paths?: Record<string, Record<string, Operation>> };

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The OpenAPI operation of a route (hidden routes have none: they get the generic cases). */
export function operationOf(app: FastifyInstance, route: RouteAccessRecord): Operation | undefined {
  const doc = app.swagger() as OpenApiDoc;
  return doc.paths?.[openApiPath(route.url)]?.[route.method.toLowerCase()];
}

/** Multipart field names the engines' and users' upload routes read, with plausible values. */
export function multipartFields(refs: Record<string, number>): Record<string, string> {
  return {
    eventId: `fuzz-${randomBytes(6).toString('hex')}`,
    alarmTime: new Date().toISOString(),
    eventTime: new Date().toISOString(),
    priority: '120001',
    algorithmId: String(refs.algorithmId),
    sceneId: String(refs.sceneId),
    cameraId: String(refs.cameraId),
    historyAssignmentId: '999999',
    alarmResult: 'fuzz',
    extraInfoName: 'fuzz',
    extraInfo: '{"a":1}',
    jobNumber: 'J-1',
    eventName: 'fuzz',
    tag: 'TAG-1',
    value: '1',
    message: 'fuzz',
    offsetSeconds: '1',
    result: 'fuzz',
  };
}

const MULTIPART_HOSTILE = ['a\u0000b', '\ud800x', '2147483648', '9007199254740993', 'x'.repeat(70 * 1024)];

function multipartBody(
  fields: Record<string, string>,
  image: Buffer,
): { payload: Buffer; contentType: string } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const field of ['image', 'file']) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function queryString(values: Record<string, Json>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Every hostile request for one route: path params, query fields, body fields, whole bodies. */
export function casesFor(
  route: RouteAccessRecord,
  operation: Operation | undefined,
  context: { refs: Record<string, number>; image: Buffer },
): FuzzRequest[] {
  const params = operation?.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path' && p.name);
  const queryParams = params.filter((p) => p.in === 'query' && p.name);
  const paramValue = (name: string): string => {
    const schema = pathParams.find((p) => p.name === name)?.schema ?? {};
    return encodeURIComponent(String(plausible(schema)));
  };
  const urlWith = (override?: { name: string; value: string }) =>
    route.url
      .replace(/:(\w+)/g, (_, name: string) => (override?.name === name ? override.value : paramValue(name)))
      .replace(/\*$/, () => (override?.name === '*' ? override.value : 'fuzz/x.png'));
  const baseQuery: Record<string, Json> = {};
  for (const p of queryParams) if (p.required) baseQuery[p.name as string] = plausible(p.schema ?? {});
  const baseUrl = urlWith() + queryString(baseQuery);

  const cases: FuzzRequest[] = [];
  const method = route.method;
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
  const content = operation?.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const multipart = 'multipart/form-data' in content;
  const baseBody: Json | undefined = jsonSchema ? plausible(jsonSchema) : hasBody ? {} : undefined;
  const json = (body: Json | undefined) =>
    body === undefined ? {} : { payload: JSON.stringify(body), contentType: 'application/json' };

  // Path parameters (every declared one, and the wildcard of hidden routes).
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (route.url.endsWith('*')) names.push('*');
  for (const name of names) {
    for (const value of HOSTILE_PARAMS) {
      cases.push({
        method,
        url: urlWith({ name, value }) + queryString(baseQuery),
        label: `path ${name} = ${value.slice(0, 40)}`,
        ...json(baseBody),
      });
    }
  }
  // Query fields, one at a time, and an unknown one.
  for (const p of queryParams) {
    for (const value of HOSTILE_PARAMS.map(decodeSafe)) {
      const query = { ...baseQuery, [p.name as string]: value };
      cases.push({
        method,
        url: urlWith() + queryString(query),
        label: `query ${p.name} = ${String(value).slice(0, 40)}`,
        ...json(baseBody),
      });
    }
  }
  cases.push({
    method,
    url: `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}unknown=%00&page=2147483648`,
    label: 'query unknown fields',
    ...json(baseBody),
  });

  if (hasBody && jsonSchema) {
    const body = baseBody as Json;
    cases.push({ method, url: baseUrl, label: 'plausible body', ...json(body) });
    for (const leaf of leaves(jsonSchema)) {
      for (const value of hostileValues(leaf.schema)) {
        cases.push({
          method,
          url: baseUrl,
          label: `body.${leaf.path.join('.')} = ${JSON.stringify(value)?.slice(0, 40)}`,
          ...json(withValue(body, leaf.path, value, jsonSchema)),
        });
      }
    }
    for (const [i, whole] of wholeBodyCases(body).entries()) {
      cases.push({ method, url: baseUrl, label: `whole body case ${i}`, ...json(whole) });
    }
  }
  if (hasBody && (multipart || !jsonSchema)) {
    const fields = multipartFields(context.refs);
    const form = multipartBody(fields, context.image);
    cases.push({ method, url: baseUrl, label: 'plausible multipart', ...form });
    for (const name of Object.keys(fields)) {
      for (const value of MULTIPART_HOSTILE) {
        const mutated = { ...multipartFields(context.refs), [name]: value };
        cases.push({
          method,
          url: baseUrl,
          label: `multipart ${name} = ${JSON.stringify(value.slice(0, 30))}`,
          ...multipartBody(mutated, context.image),
        });
      }
    }
    // A multipart body cut in the middle of its last part.
    cases.push({
      method,
      url: baseUrl,
      label: 'multipart cut short',
      payload: form.payload.subarray(0, form.payload.length - 40),
      contentType: form.contentType,
    });
  }
  if (hasBody) {
    for (const [i, raw] of RAW_BODIES.entries()) {
      cases.push({
        method,
        url: baseUrl,
        label: `raw body ${i} (${raw.contentType})`,
        payload: raw.payload,
        contentType: raw.contentType,
      });
    }
  }
  return cases;
}

function decodeSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
