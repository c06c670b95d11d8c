import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  accountId?: number | null;
  accountName?: string;
  /** e.g. login.success, login.failure, logout, password.change */
  action: string;
  target?: string;
  detail?: Record<string, unknown>;
  ip?: string;
}

export interface AuditLog {
  write(entry: AuditEntry): Promise<void>;
}

/** The audit log (bizLog): who, what, when, from where. A failed write is logged, never thrown. */
export function createAuditLog(db: Db, now: () => Date, log: FastifyBaseLogger): AuditLog {
  return {
    async write(entry) {
      try {
        await db.insert(auditLog).values({
          accountId: entry.accountId ?? null,
          accountName: entry.accountName ?? '',
          action: entry.action,
          target: entry.target ?? '',
          detail: entry.detail ?? {},
          ip: entry.ip ?? '',
          createdAt: now(),
        });
      } catch (error) {
        log.error({ err: error, action: entry.action }, 'audit log write failed');
      }
    },
  };
}
