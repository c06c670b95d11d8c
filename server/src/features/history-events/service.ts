import type { DcsAlarmItem } from '@sentinel/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, dcsAlarm } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';
import { toDcsAlarmItem } from './mapper.ts';
import { DCS_DEAL_ACTION } from './repo.ts';

export interface Actor {
  accountId: number;
  accountName: string;
  ip?: string;
}

/**
 * Processes a pending DCS alarm (1 → 2) in one transaction: lock the row, compare-and-set the
 * state, and write the audit row that keeps who, when and the comment (the table has no comment
 * column; the audit row is written in the same transaction so the comment cannot be lost).
 * 404 when unknown or outside the caller's scenes; 409 'dcsAlarm.stateChanged' with the alarm
 * as it is now when it was already processed. `dcsAlarm.updated` is published after the commit.
 */
export async function dealDcsAlarm(
  app: FastifyInstance,
  id: number,
  comment: string,
  actor: Actor,
  scenes: VisibleScenes,
): Promise<DcsAlarmItem> {
  const now = app.appConfig.now();
  const row = await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(dcsAlarm).where(eq(dcsAlarm.id, id)).for('update');
    if (!before || !canSeeScene(scenes, before.sceneId)) throw notFound();
    if (before.alarmState !== 1) {
      throw new AppError(409, 'dcsAlarm.stateChanged', { dcsAlarm: toDcsAlarmItem(before) });
    }
    const [after] = await tx
      .update(dcsAlarm)
      .set({ alarmState: 2 })
      .where(and(eq(dcsAlarm.id, id), eq(dcsAlarm.alarmState, 1)))
      .returning();
    if (!after) throw new AppError(409, 'dcsAlarm.stateChanged', { dcsAlarm: toDcsAlarmItem(before) });
    await tx.insert(auditLog).values({
      accountId: actor.accountId,
      accountName: actor.accountName,
      action: DCS_DEAL_ACTION,
      target: String(id),
      detail: { fromState: 1, toState: 2, comment },
      ip: actor.ip ?? '',
      createdAt: now,
    });
    return after;
  });
  const item = toDcsAlarmItem(row);
  try {
    await app.bus.publish({ type: 'dcsAlarm.updated', data: item, audience: { sceneId: row.sceneId } });
  } catch (error) {
    app.log.error({ err: error, id }, 'dcsAlarm.updated publication failed');
  }
  return item;
}
