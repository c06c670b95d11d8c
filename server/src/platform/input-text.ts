import type { FieldError } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/**
 * One rule for every text the API receives: no NUL character (PostgreSQL cannot store 0x00 in
 * text and would refuse the write as a server error) and no broken Unicode (a lone surrogate,
 * which no UTF-8 column can hold faithfully). Applied to the parsed JSON body, the query and the
 * path of every route before validation, and to multipart fields by platform/multipart.ts —
 * keys as well as values — so a bad character answers 400 naming its field, never 500.
 */

const NUL = '\u0000';
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True for a string PostgreSQL can store as it is. */
export const isStorableText = (text: string): boolean => !text.includes(NUL) && !LONE_SURROGATE.test(text);

/** The path ('a.b.0') of the first string or key below `value` that is not storable text. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.');
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, key.replaceAll(NUL, '\\0')].join('.');
    const found = findBadText(child, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Throws 400 'field.badCharacters' for the first unstorable text in these values. */
export function assertStorableText(values: unknown, prefix?: string): void {
  const field = findBadText(values);
  if (field === undefined) return;
  const name = [prefix, field].filter(Boolean).join('.');
  const fields: FieldError[] = [{ field: name, message: 'field.badCharacters' }];
  throw badRequest('field.badCharacters', fields);
}

/** The check for every route, before its schema runs (so the field error comes from here). */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.params);
    assertStorableText(request.query);
    if (request.body !== undefined && !request.isMultipart()) assertStorableText(request.body);
  });
}
