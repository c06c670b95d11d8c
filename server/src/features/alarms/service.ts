import type { AlarmItem } from '@sentinel/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { alarmAction, videoAlarm } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { mediaRoot } from '../../platform/media.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';
import { captureFalseAlarm, removeFrame } from '../false-alarm-review/index.ts';
import { type AlarmRow, rollupKeyOf, toAlarmItem } from './mapper.ts';
import { moveRollup } from './rollup.ts';

export type AlarmActionName = 'deal' | 'cancel' | 'approve' | 'noApprove';

export interface Actor {
  accountId: number;
  accountName: string;
  ip?: string;
}

interface Transition {
  /** States the action starts from. */
  from: number[];
  /** Extra condition on the current row (noApprove: an approval to revoke). */
  also?: (row: AlarmRow) => boolean;
  to: number;
  set: (actor: Actor, now: Date, comment: string) => Partial<typeof videoAlarm.$inferInsert>;
}

/** SPEC §4 alarm states: which action goes from where to where, and what it records. */
const TRANSITIONS: Record<AlarmActionName, Transition> = {
  deal: {
    from: [1],
    to: 2,
    set: (actor, now, comment) => ({
      handlerId: actor.accountId,
      handler: actor.accountName,
      handleTime: now,
      stateComments: comment,
    }),
  },
  cancel: {
    from: [1, 4],
    to: 3,
    set: (actor, now) => ({
      falsePositive: true,
      handlerId: actor.accountId,
      handler: actor.accountName,
      handleTime: now,
    }),
  },
  approve: {
    from: [4],
    to: 2,
    set: (actor, now) => ({ approverId: actor.accountId, approver: actor.accountName, approveTime: now }),
  },
  noApprove: {
    from: [2],
    also: (row) => row.approveTime !== null,
    to: 4,
    set: () => ({ approverId: null, approver: '', approveTime: null }),
  },
};

/** 409 carrying the alarm as it is now. */
function stateConflict(code: 'alarm.stateChanged' | 'alarm.notAllowed', row: AlarmRow): AppError {
  return new AppError(409, code, { alarm: toAlarmItem(row) });
}

/**
 * Options of an action: the comment, the version the user saw, and the caller's scene authority
 * (an alarm of a scene the caller cannot see answers 404, as if it did not exist).
 */
export interface ActionOptions {
  comment?: string;
  version?: number;
  scenes?: VisibleScenes;
  /** The media directory: marking false positive copies the frame into the record there. */
  mediaDir?: string;
}

/**
 * One handling action in one transaction: lock the row, check scene authority, state (and version
 * when given), compare-and-set update (state, version + 1), timeline row, rollup move. Throws 404 / 409.
 */
export async function transitionInTx(
  db: Db,
  id: number,
  action: AlarmActionName,
  actor: Actor,
  now: Date,
  options: ActionOptions = {},
): Promise<AlarmRow> {
  const t = TRANSITIONS[action];
  const comment = options.comment ?? '';
  // Frames copied for a false-alarm record: removed again when the transaction does not commit.
  const media = options.mediaDir ? { dir: options.mediaDir, frames: [] as string[] } : undefined;
  try {
    return await transition(db, id, t, action, actor, now, comment, options, media);
  } catch (error) {
    if (media) await Promise.all(media.frames.map((path) => removeFrame(media.dir, path)));
    throw error;
  }
}

async function transition(
  db: Db,
  id: number,
  t: Transition,
  action: AlarmActionName,
  actor: Actor,
  now: Date,
  comment: string,
  options: ActionOptions,
  media: { dir: string; frames: string[] } | undefined,
): Promise<AlarmRow> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(videoAlarm).where(eq(videoAlarm.id, id)).for('update');
    if (!before || !canSeeScene(options.scenes ?? 'all', before.sceneId)) throw notFound();
    if (options.version !== undefined && options.version !== before.version) {
      throw stateConflict('alarm.stateChanged', before);
    }
    if (!t.from.includes(before.alarmState) || (t.also && !t.also(before))) {
      throw stateConflict('alarm.notAllowed', before);
    }
    const [after] = await tx
      .update(videoAlarm)
      .set({ ...t.set(actor, now, comment), alarmState: t.to, version: before.version + 1 })
      .where(
        and(
          eq(videoAlarm.id, id),
          inArray(videoAlarm.alarmState, t.from),
          eq(videoAlarm.version, before.version),
        ),
      )
      .returning();
    if (!after) throw stateConflict('alarm.stateChanged', before);
    await tx.insert(alarmAction).values({
      alarmId: id,
      action,
      fromState: before.alarmState,
      toState: after.alarmState,
      comment,
      accountId: actor.accountId,
      accountName: actor.accountName,
      createdAt: now,
      alarmTime: before.alarmTime,
      priority: before.priority,
      sceneId: before.sceneId,
    });
    await moveRollup(tx, rollupKeyOf(before), rollupKeyOf(after));
    // A false positive keeps its frame, boxes and version in a false-alarm record (issue 13 §4).
    if (action === 'cancel') {
      await captureFalseAlarm(
        tx,
        after,
        { accountId: actor.accountId, accountName: actor.accountName },
        now,
        media,
      );
    }
    return after;
  });
}

/** The action, then (after commit) the audit entry and the `alarm.updated` event. */
export async function handleAlarm(
  app: FastifyInstance,
  id: number,
  action: AlarmActionName,
  actor: Actor,
  options: ActionOptions = {},
): Promise<AlarmItem> {
  const row = await transitionInTx(app.db, id, action, actor, app.appConfig.now(), {
    ...options,
    mediaDir: mediaRoot(app),
  });
  // The totals and the day's analysis partials of this instance at once; the others' when
  // `alarm.updated` reaches them.
  app.alarmCounts.clear();
  app.dayPartials.dropTime(row.alarmTime.getTime());
  const item = toAlarmItem(row);
  await app.audit.write({
    accountId: actor.accountId,
    accountName: actor.accountName,
    action: `alarm.${action}`,
    target: String(id),
    detail: { toState: row.alarmState, ...(options.comment ? { comment: options.comment } : {}) },
    ip: actor.ip,
  });
  await app.bus.publish({ type: 'alarm.updated', data: item });
  return item;
}
