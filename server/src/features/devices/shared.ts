import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../../platform/auth.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { badRequest } from '../../platform/errors.ts';

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
    request,
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

/** A delete refused with 409 'common.inUse' while other rows still depend on it. */
export function guardDelete<T>(write: () => Promise<T>): Promise<T> {
  return guardWrite(write, { inUse: 'common.inUse' });
}
