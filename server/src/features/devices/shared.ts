import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { badRequest, conflict } from '../../platform/errors.ts';

/** Writes one change of the devices domain to the audit log (bizLog). */
export async function auditChange(
  app: FastifyInstance,
  request: FastifyRequest,
  action: string,
  target: number | string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const user = requireUser(request);
  await app.audit.write({
    accountId: user.accountId,
    accountName: user.accountName,
    action,
    target: String(target),
    detail,
    ip: request.ip,
  });
}

/** 400 with one 'field.invalid' error per unknown reference (camera type, area, platform…). */
export function refuseMissing(missing: string[]): void {
  if (missing.length > 0) {
    throw badRequest(
      'field.invalid',
      missing.map((field) => ({ field, message: 'field.invalid' })),
    );
  }
}

export const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });

/** PostgreSQL code of a (possibly wrapped) driver error. */
function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A delete refused with 409 'common.inUse' while other rows still depend on it. Besides
 * guardWrite's foreign-key violation (23503) this maps `ON DELETE RESTRICT` (23001,
 * restrict_violation), which platform/db-errors.ts does not know yet.
 */
export async function guardDelete<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await guardWrite(write, { inUse: 'common.inUse' });
  } catch (error) {
    if (pgCode(error) === '23001') throw conflict('common.inUse');
    throw error;
  }
}
