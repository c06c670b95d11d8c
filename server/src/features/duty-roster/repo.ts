import type { DutyShiftBody, OnDutyEntry } from '@sentinel/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, dutyShift, dutyShiftScene, scene } from '../../db/schema/index.ts';
import { sceneIdCondition, type VisibleScenes } from '../../platform/scene-authority.ts';

export type ShiftRow = typeof dutyShift.$inferSelect & {
  accountName: string;
  displayName: string;
  scenes: { id: number; name: string }[];
};

/**
 * SQL: the shift row of `duty_shift` in scope covers instant `at` — dated: start ≤ at < end;
 * weekly: the local weekday and minute of `at` in the shift's time zone fall in it (a shift whose
 * end is at or before its start runs past midnight: its tail belongs to the previous weekday).
 */
export function shiftCoversSql(at: SQL): SQL {
  const s = dutyShift;
  const local = sql`(${at} at time zone ${s.timeZone})`;
  const dow = sql`extract(isodow from ${local})::int`;
  const previousDow = sql`((extract(isodow from ${local})::int + 5) % 7 + 1)`;
  const minute = sql`(extract(hour from ${local})::int * 60 + extract(minute from ${local})::int)`;
  return sql`(${s.enabled} and (
    (${s.kind} = 'dated' and ${at} >= ${s.startAt} and ${at} < ${s.endAt})
    or (${s.kind} = 'weekly' and ${s.startMinute} < ${s.endMinute}
      and ${dow} = any(${s.weekdays}) and ${minute} >= ${s.startMinute} and ${minute} < ${s.endMinute})
    or (${s.kind} = 'weekly' and ${s.startMinute} >= ${s.endMinute}
      and ((${dow} = any(${s.weekdays}) and ${minute} >= ${s.startMinute})
        or (${previousDow} = any(${s.weekdays}) and ${minute} < ${s.endMinute})))
  ))`;
}

/**
 * SQL (boolean): account `accountId` was on duty for scene `sceneId` at `at` — the efficiency
 * analysis' "handled by the on-duty operator" (analysis feature, through this feature's index).
 */
export function onDutySql(accountId: SQL, sceneId: SQL, at: SQL): SQL {
  return sql`exists (select 1 from ${dutyShift}
    join ${dutyShiftScene} on ${dutyShiftScene.shiftId} = ${dutyShift.id}
    where ${dutyShift.accountId} = ${accountId} and ${dutyShiftScene.sceneId} = ${sceneId}
      and ${shiftCoversSql(at)})`;
}

export async function listShifts(db: Db, where?: SQL): Promise<ShiftRow[]> {
  const rows = await db
    .select({ shift: dutyShift, accountName: account.accountName, displayName: account.displayName })
    .from(dutyShift)
    .innerJoin(account, eq(account.id, dutyShift.accountId))
    .where(where)
    .orderBy(asc(account.accountName), asc(dutyShift.id));
  const ids = rows.map((r) => r.shift.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .select({ shiftId: dutyShiftScene.shiftId, id: scene.id, name: scene.name })
          .from(dutyShiftScene)
          .innerJoin(scene, eq(scene.id, dutyShiftScene.sceneId))
          .where(inArray(dutyShiftScene.shiftId, ids))
          .orderBy(asc(scene.name), asc(scene.id));
  return rows.map((r) => ({
    ...r.shift,
    accountName: r.accountName,
    displayName: r.displayName,
    scenes: links.filter((l) => l.shiftId === r.shift.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** Ids of the shifts covering `at` (to mark "on duty now"). */
export async function shiftIdsCovering(db: Db, at: Date): Promise<Set<number>> {
  const rows = await db
    .select({ id: dutyShift.id })
    .from(dutyShift)
    .where(shiftCoversSql(sql`${at.toISOString()}::timestamptz`));
  return new Set(rows.map((r) => r.id));
}

/** Who is on duty at `at`, for one scene or every scene the caller sees. */
export async function onDutyAt(
  db: Db,
  at: Date,
  filter: { sceneId?: number; scenes: VisibleScenes },
): Promise<OnDutyEntry[]> {
  return db
    .selectDistinctOn([account.accountName, account.id, scene.id], {
      accountId: account.id,
      accountName: account.accountName,
      displayName: account.displayName,
      sceneId: scene.id,
      sceneName: scene.name,
      shiftId: dutyShift.id,
      note: dutyShift.note,
    })
    .from(dutyShift)
    .innerJoin(dutyShiftScene, eq(dutyShiftScene.shiftId, dutyShift.id))
    .innerJoin(scene, eq(scene.id, dutyShiftScene.sceneId))
    .innerJoin(account, eq(account.id, dutyShift.accountId))
    .where(
      and(
        shiftCoversSql(sql`${at.toISOString()}::timestamptz`),
        eq(account.locked, false),
        filter.sceneId === undefined ? undefined : eq(scene.id, filter.sceneId),
        sceneIdCondition(filter.scenes, scene.id),
      ),
    )
    .orderBy(asc(account.accountName), asc(account.id), asc(scene.id), asc(dutyShift.id));
}

type ShiftValues = Omit<typeof dutyShift.$inferInsert, 'id' | 'createdAt'>;

export function valuesOf(body: DutyShiftBody & { kind: 'weekly' | 'dated' }, now: Date): ShiftValues {
  const weekly = body.kind === 'weekly';
  return {
    accountId: Number(body.accountId),
    kind: body.kind,
    weekdays: weekly ? [...new Set(body.weekdays ?? [])].sort((a, b) => a - b) : [],
    startMinute: weekly ? (body.startMinute ?? 0) : 0,
    endMinute: weekly ? (body.endMinute ?? 0) : 0,
    timeZone: body.timeZone ?? 'UTC',
    startAt: !weekly && body.startAt ? new Date(body.startAt) : null,
    endAt: !weekly && body.endAt ? new Date(body.endAt) : null,
    note: body.note ?? '',
    enabled: body.enabled ?? true,
    updatedAt: now,
  };
}

export async function existingIds(db: Db, accountId: number, sceneIds: number[]) {
  const [acc] = await db.select({ id: account.id }).from(account).where(eq(account.id, accountId));
  const scenes = await db.select({ id: scene.id }).from(scene).where(inArray(scene.id, sceneIds));
  return { accountFound: acc !== undefined, sceneIds: new Set(scenes.map((s) => s.id)) };
}

export async function insertShift(db: Db, values: ShiftValues, sceneIds: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(dutyShift).values(values).returning({ id: dutyShift.id });
    if (!row) throw new Error('shift not inserted');
    await tx.insert(dutyShiftScene).values(sceneIds.map((sceneId) => ({ shiftId: row.id, sceneId })));
    return row.id;
  });
}

export async function updateShift(
  db: Db,
  id: number,
  values: ShiftValues,
  sceneIds: number[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(dutyShift)
      .set(values)
      .where(eq(dutyShift.id, id))
      .returning({ id: dutyShift.id });
    if (updated.length === 0) return false;
    await tx.delete(dutyShiftScene).where(eq(dutyShiftScene.shiftId, id));
    await tx.insert(dutyShiftScene).values(sceneIds.map((sceneId) => ({ shiftId: id, sceneId })));
    return true;
  });
}

export async function deleteShift(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(dutyShift).where(eq(dutyShift.id, id)).returning({ id: dutyShift.id });
  return rows.length > 0;
}
