/** The dictionary feature's public face (ARCHITECTURE.md, import rules). */
import type { MessageCode } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { isEnabledValue } from './repo.ts';

export { dictionaryRoutes } from './routes.ts';

/**
 * 400 on `field` unless `value` is an enabled item of the dictionary type: what a feature's write
 * calls instead of a fixed enum. Read from the database on every call (a small indexed table), so
 * a change made on any instance holds on every other at once, without a cache to invalidate.
 */
export async function assertDictionaryValue(
  db: Db,
  typeCode: string,
  value: string,
  field: string,
  message: MessageCode = 'dictionary.valueNotAllowed',
): Promise<void> {
  if (!(await isEnabledValue(db, typeCode, value))) throw badRequest(message, [{ field, message }]);
}
