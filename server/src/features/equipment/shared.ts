import type { FieldError, MessageCode } from '@sentinel/contract';
import { type AnyColumn, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { iotEquipment, plantNode } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';

/** `%` and `_` in a keyword match themselves. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows whose area is the given plant node or any node below it (factory → plants → areas). */
export function inAreaSubtree(column: AnyColumn, areaId: number): SQL {
  return sql`${column} in (
    with recursive sub(id) as (
      select id from plant_node where id = ${areaId}
      union all
      select n.id from plant_node n join sub on n.parent_id = sub.id
    )
    select id from sub
  )`;
}

/** Referenced rows must exist: otherwise 400 with the field's error (nothing is written). */
export async function assertRefs(
  db: Db,
  refs: { areaId?: number | null; iotEquipmentId?: number | null },
): Promise<void> {
  const fields: FieldError[] = [];
  if (refs.areaId != null) {
    const [row] = await db.select({ n: count() }).from(plantNode).where(eq(plantNode.id, refs.areaId));
    if (Number(row?.n ?? 0) === 0) fields.push({ field: 'areaId', message: 'field.invalid' });
  }
  if (refs.iotEquipmentId != null) {
    const [row] = await db
      .select({ n: count() })
      .from(iotEquipment)
      .where(eq(iotEquipment.id, refs.iotEquipmentId));
    if (Number(row?.n ?? 0) === 0) fields.push({ field: 'iotEquipmentId', message: 'field.invalid' });
  }
  if (fields.length > 0) throw badRequest('field.invalid' satisfies MessageCode, fields);
}

/** Names of plant nodes by id (for list rows). */
export async function areaNames(db: Db, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: plantNode.id, name: plantNode.name })
    .from(plantNode)
    .where(inArray(plantNode.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Writes one change into the audit log (bizLog). */
export async function auditChange(
  app: FastifyInstance,
  request: FastifyRequest,
  action: string,
  target: number | string,
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

export const iso = (date: Date) => date.toISOString();
