import type { FieldError, MessageCode } from '@sentinel/contract';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  analysisServer,
  dcsPoint,
  iotEquipment,
  mailServer,
  plantNode,
  sensor,
} from '../../db/schema/index.ts';
import { badRequest } from '../../platform/errors.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the equipment pages: one table repo per catalogue, plus the lookups they share. */
export const iotRepo = tableRepo({
  table: iotEquipment,
  search: [iotEquipment.name, iotEquipment.code, iotEquipment.ip],
  area: iotEquipment.areaId,
  orderBy: [desc(iotEquipment.createdAt), desc(iotEquipment.id)],
});

export const sensorRepo = tableRepo({
  table: sensor,
  search: [sensor.name, sensor.code, sensor.kind],
  area: sensor.areaId,
  orderBy: [desc(sensor.createdAt), desc(sensor.id)],
});

export const dcsRepo = tableRepo({
  table: dcsPoint,
  search: [dcsPoint.tag, dcsPoint.name],
  area: dcsPoint.areaId,
  orderBy: [desc(dcsPoint.createdAt), desc(dcsPoint.id)],
});

export const serverRepo = tableRepo({
  table: analysisServer,
  search: [analysisServer.name, analysisServer.ip],
  orderBy: [desc(analysisServer.createdAt), desc(analysisServer.id)],
});

/** Servers of one kind; undefined (no filter) without a kind. */
export const serverOfKind = (kind: string | undefined) => (kind ? eq(analysisServer.kind, kind) : undefined);

/** Every IoT device (id, name, code), for pickers. */
export const iotOptions = (db: Db) =>
  db
    .select({ id: iotEquipment.id, name: iotEquipment.name, code: iotEquipment.code })
    .from(iotEquipment)
    .orderBy(asc(iotEquipment.code), asc(iotEquipment.id));

async function namesById(
  db: Db,
  table: typeof plantNode | typeof iotEquipment,
  ids: Array<number | null>,
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of plant nodes by id (for list rows). */
/** Names of the rows' areas, by id. */
export const areaNames = (db: Db, rows: Array<{ areaId: number | null }>) =>
  namesById(
    db,
    plantNode,
    rows.map((row) => row.areaId),
  );
/** Names of IoT devices by id (for sensor rows). */
export const iotNames = (db: Db, ids: Array<number | null>) => namesById(db, iotEquipment, ids);

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

/** The mail server settings are one row with this id. */
export const MAIL_SERVER_ID = 1;
export type MailServerRow = typeof mailServer.$inferSelect;

/** The stored mail server settings, if any were saved. */
export async function loadMailServer(db: Db) {
  const [row] = await db.select().from(mailServer).where(eq(mailServer.id, MAIL_SERVER_ID));
  return row;
}

/** Saves the mail server settings (creating the row the first time) and answers the row. */
export async function saveMailServer(db: Db, values: Omit<typeof mailServer.$inferInsert, 'id'>) {
  const [row] = await db
    .insert(mailServer)
    .values({ id: MAIL_SERVER_ID, ...values })
    .onConflictDoUpdate({ target: mailServer.id, set: values })
    .returning();
  return row;
}
