import type { DcsAlarmItem } from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dcsAlarm } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';
import { type DcsAlarmRow, toDcsAlarmItem } from './mapper.ts';
import { DCS_DEAL_ACTION } from './repo.ts';

export interface Actor {
  accountId: number;
  accountName: string;
  ip?: string;
}

export interface DcsDealOptions {
  comment?: string;
  /** The version the user saw; a different current version answers 409. */
  version?: number;
  /** The caller's scene authority (an alarm outside it answers 404). */
  scenes?: VisibleScenes;
}

/** 409 carrying the DCS alarm as it is now. */
const stateChanged = (row: DcsAlarmRow) =>
  new AppError(409, 'dcsAlarm.stateChanged', { dcsAlarm: toDcsAlarmItem(row) });

/**
 * Processes a pending DCS alarm (1 → 2): in one transaction, lock the row and compare-and-set it
 * (state 1 and the version read → state 2, version + 1, handler, handle time and comment on the
 * row itself). 404 when unknown or outside the caller's scenes; 409 'dcsAlarm.stateChanged' with
 * the alarm as it is now when it was already processed (or its version moved on). After the
 * commit: the audit entry (`dcsAlarm.deal`, the trail) and the `dcsAlarm.updated` event.
 */
export async function dealDcsAlarm(
  app: FastifyInstance,
  id: number,
  options: DcsDealOptions,
  actor: Actor,
): Promise<DcsAlarmItem> {
  const now = app.appConfig.now();
  const comment = options.comment ?? '';
  const row = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(dcsAlarm).where(eq(dcsAlarm.id, id)).for('update');
    if (!before || !canSeeScene(options.scenes ?? 'all', before.sceneId)) throw notFound();
    if (before.alarmState !== 1) throw stateChanged(before);
    if (options.version !== undefined && options.version !== before.version) throw stateChanged(before);
    const [after] = await tx
      .update(dcsAlarm)
      .set({
        alarmState: 2,
        stateComments: comment,
        handlerId: actor.accountId,
        handler: actor.accountName,
        handleTime: now,
        version: before.version + 1,
      })
      .where(and(eq(dcsAlarm.id, id), eq(dcsAlarm.alarmState, 1), eq(dcsAlarm.version, before.version)))
      .returning();
    if (!after) throw stateChanged(before);
    return after;
  });
  await app.audit.write({
    accountId: actor.accountId,
    accountName: actor.accountName,
    action: DCS_DEAL_ACTION,
    target: String(id),
    detail: { fromState: 1, toState: 2, ...(comment ? { comment } : {}) },
    ip: actor.ip,
  });
  const item = toDcsAlarmItem(row);
  try {
    await app.bus.publish({ type: 'dcsAlarm.updated', data: item, audience: { sceneId: row.sceneId } });
  } catch (error) {
    app.log.error({ err: error, id }, 'dcsAlarm.updated publication failed');
  }
  return item;
}
