import type { MessageCode } from '@sentinel/contract';
import { AppError } from './errors.ts';

/** PostgreSQL error codes the domains turn into honest answers. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT raises restrict_violation, not foreign_key_violation. */
const RESTRICT_VIOLATION = '23001';

function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  // drizzle wraps driver errors; PGlite and pg both expose `code` on the original.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATE class 22 "data exception" (22003 numeric value out of range, 22P02 invalid text
 * representation, 22021 invalid byte sequence, 22001 string too long, 22008 datetime out of
 * range…): the database refused a value it was given.
 */
export const isDataException = (error: unknown) => pgCode(error)?.startsWith('22') === true;
export const isUniqueViolation = (error: unknown) => pgCode(error) === UNIQUE_VIOLATION;
export const isForeignKeyViolation = (error: unknown) => {
  const code = pgCode(error);
  return code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION;
};

/**
 * Runs a write and answers 409 with the given message when it breaks a uniqueness rule
 * (`duplicate`) or is refused because other rows still depend on it (`inUse`).
 */
export async function guardWrite<T>(
  write: () => Promise<T>,
  messages: { duplicate?: MessageCode; inUse?: MessageCode } = {},
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, messages.duplicate ?? 'common.duplicate');
    if (isForeignKeyViolation(error)) throw new AppError(409, messages.inUse ?? 'common.inUse');
    throw error;
  }
}
