import type { DutyShift, DutyShiftBody } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { dutyShift, dutyShiftScene } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { overlaps } from './overlap.ts';
import * as repo from './repo.ts';

function toTimes(row: repo.ShiftRow) {
  return { ...row, sceneIds: row.scenes.map((s) => s.id) };
}

/** Every shift with its overlap warnings and whether it covers now. */
export async function listShifts(app: FastifyInstance): Promise<DutyShift[]> {
  const [rows, covering] = await Promise.all([
    repo.listShifts(app.db),
    repo.shiftIdsCovering(app.db, app.appConfig.now()),
  ]);
  const overlapping = overlaps(rows.map(toTimes));
  return rows.map((r) => ({
    id: r.id,
    accountId: r.accountId,
    accountName: r.accountName,
    displayName: r.displayName,
    scenes: r.scenes,
    kind: r.kind === 'dated' ? 'dated' : 'weekly',
    weekdays: r.weekdays,
    startMinute: r.startMinute,
    endMinute: r.endMinute,
    timeZone: r.timeZone,
    startAt: r.startAt?.toISOString() ?? null,
    endAt: r.endAt?.toISOString() ?? null,
    note: r.note,
    enabled: r.enabled,
    overlapsWith: overlapping.get(r.id) ?? [],
    onDutyNow: covering.has(r.id),
  }));
}

async function checkRefs(app: FastifyInstance, body: DutyShiftBody): Promise<number[]> {
  const sceneIds = [...new Set(body.sceneIds.map(Number))];
  const found = await repo.existingIds(app.db, Number(body.accountId), sceneIds);
  if (!found.accountFound)
    throw badRequest('duty.unknownAccount', [{ field: 'accountId', message: 'duty.unknownAccount' }]);
  if (sceneIds.some((id) => !found.sceneIds.has(id)))
    throw badRequest('duty.unknownScene', [{ field: 'sceneIds', message: 'duty.unknownScene' }]);
  return sceneIds;
}

/** Internal bus event of a roster change: past "handled on duty" figures change wholesale. */
export const DUTY_ROSTER_CHANGED = 'dutyRoster.changed';
/**
 * What a roster change changes for the analyses' kept days (platform/day-partials.ts sources): the
 * roster's tables, read by the efficiency analysis ("handled on duty") alone.
 */
export const DUTY_ROSTER_SOURCES = [dutyShift, dutyShiftScene] as const;

/**
 * The analyses' cached figures on this instance at once (the kept days of the kinds reading the
 * roster), the other instances' through the bus (app.ts).
 */
export async function rosterChanged(app: FastifyInstance): Promise<void> {
  app.dayPartials.clearSource(...DUTY_ROSTER_SOURCES);
  app.alarmCounts.clear();
  await app.bus.publish({ type: DUTY_ROSTER_CHANGED, data: null, internal: true });
}

/** Creates (id undefined) or replaces a shift; answers it with its overlap warnings. */
export async function saveShift(
  app: FastifyInstance,
  id: number | undefined,
  body: DutyShiftBody & { kind: 'weekly' | 'dated' },
): Promise<{ shift: DutyShift; overlapsWith: number[] }> {
  const sceneIds = await checkRefs(app, body);
  const values = repo.valuesOf(body, app.appConfig.now());
  let savedId: number;
  if (id === undefined) savedId = await repo.insertShift(app.db, values, sceneIds);
  else {
    if (!(await repo.updateShift(app.db, id, values, sceneIds))) throw notFound();
    savedId = id;
  }
  await rosterChanged(app);
  const shift = (await listShifts(app)).find((s) => s.id === savedId);
  if (!shift) throw notFound();
  return { shift, overlapsWith: shift.overlapsWith };
}
