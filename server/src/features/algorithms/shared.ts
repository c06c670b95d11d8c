import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth.ts';

/** `%` and `_` in a keyword match themselves. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Writes one change into the audit log (bizLog). */
export async function auditChange(
  app: FastifyInstance,
  request: FastifyRequest,
  action: string,
  target: number,
  detail?: Record<string, unknown>,
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
