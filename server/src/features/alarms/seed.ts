import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ALARM_STATE } from '@sentinel/contract';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, alarmAction, plantNode, videoAlarm } from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { demoDetections, renderAlarmImages } from '../../platform/demo-images.ts';
import { resolveMediaPath } from '../../platform/media.ts';
import { createEngine, DEMO_ENGINE_NAME } from '../engines/index.ts';
import { demoAlarmTargets } from './demo-targets.ts';
import { addAlarmsToRollups } from './rollup.ts';
import { demoPriority, demoResult } from './simulator.ts';

/** About 30 days of history: ~100 alarms a day. */
export const DEMO_ALARM_DAYS = 30;
export const DEMO_ALARMS_PER_DAY = 100;
const BATCH = 500;

const DEAL_COMMENTS = [
  '已通知现场班组长整改',
  '现场已处理，人员已佩戴安全帽',
  '已电话提醒作业人员',
  '已安排巡检人员复核，隐患已消除',
  '已对相关人员进行安全教育',
  '',
];
const CANCEL_COMMENTS = ['误报：反光物体被识别为人员', '误报：光线变化导致', '误报，已确认现场无异常'];
const APPROVE_COMMENTS = ['同意', '审核通过', ''];

/** Deterministic generator (mulberry32) so every demo database has the same history. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Hours weighted to the day shift (08–18), fewer at night. */
const HOUR_WEIGHTS = Array.from({ length: 24 }, (_, h) =>
  h >= 8 && h < 18 ? 3 : h >= 6 && h < 22 ? 1.5 : 0.5,
);
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
function pickHour(roll: number): number {
  let left = roll * HOUR_TOTAL;
  for (let h = 0; h < 24; h++) {
    left -= HOUR_WEIGHTS[h] ?? 0;
    if (left <= 0) return h;
  }
  return 12;
}

type AlarmInsert = typeof videoAlarm.$inferInsert;
type ActionInsert = typeof alarmAction.$inferInsert;
/** An action as planned: the alarm's id, time, level and scene are added when the alarm is inserted. */
type PlannedAction = Omit<ActionInsert, 'alarmId' | 'alarmTime' | 'priority' | 'sceneId'>;
interface Plan {
  alarm: AlarmInsert;
  actions: PlannedAction[];
}

/**
 * Demo alarm history (called last by demo-seed.ts): the simulator's engine, one original and
 * one drawn picture per camera (reused by that camera's alarms), ~3,000 alarms over 30 days with
 * their timelines, and the daily and hourly rollup counters computed from the rows (INSERT … SELECT).
 */
export async function seedAlarms(db: Db, context: DemoSeedContext, now = new Date()): Promise<void> {
  const { row: demoEngine } = await createEngine(db, DEMO_ENGINE_NAME);

  const targets = await demoAlarmTargets(db);
  if (targets.length === 0) return;

  // Area and factory (root of the area's tree) names, from the whole (small) plant tree.
  const nodes = await db
    .select({ id: plantNode.id, parentId: plantNode.parentId, name: plantNode.name })
    .from(plantNode);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const rootOf = (id: number) => {
    let node = byId.get(id);
    for (let depth = 0; node?.parentId != null && depth < 32; depth++) node = byId.get(node.parentId);
    return node;
  };

  // Handlers are named as the handling endpoints name them (the account name), so one account's
  // alarms, seeded or handled live, carry one name (the efficiency analysis and the handler tag agree).
  const handlers = await db
    .select({ id: account.id, name: account.accountName })
    .from(account)
    .orderBy(asc(account.id))
    .limit(5);
  const handlerOf = (roll: number) => handlers[Math.floor(roll * handlers.length)];

  // One original and one drawn picture per camera, written directly (like the devices seed).
  const root = resolve(context.mediaDir);
  const cameras = [...new Map(targets.map((t) => [t.cameraId, t])).values()];
  const pictures = new Map<number, { image: string; draw: string; seed: number }>();
  await Promise.all(
    cameras.map(async (t, i) => {
      const images = await renderAlarmImages(context.mediaDir, t.snapshotPath, t.algorithmCode, i + 1);
      const base = `alarm/demo-${t.cameraCode.toLowerCase().replace(/[^a-z0-9-]/g, '') || t.cameraId}`;
      const paths = { image: `${base}.jpg`, draw: `${base}-draw.jpg` };
      for (const [path, data] of [
        [paths.image, images.original],
        [paths.draw, images.drawn],
      ] as const) {
        const file = resolveMediaPath(root, path);
        if (!file) return;
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, data);
      }
      pictures.set(t.cameraId, { ...paths, seed: i + 1 });
    }),
  );

  const random = generator(20_240_601);
  const total = DEMO_ALARM_DAYS * DEMO_ALARMS_PER_DAY;
  const startDay =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DEMO_ALARM_DAYS - 1) * 86_400_000;
  const plans: Plan[] = [];
  for (let n = 0; n < total; n++) {
    const t = targets[Math.floor(random() * targets.length)];
    if (!t) continue;
    const day = Math.floor(random() * DEMO_ALARM_DAYS);
    // Local plant time (UTC+8) to UTC.
    const alarmTime = new Date(
      startDay + day * 86_400_000 + (pickHour(random()) - 8) * 3_600_000 + Math.floor(random() * 3_600_000),
    );
    if (alarmTime.getTime() > now.getTime())
      alarmTime.setTime(now.getTime() - Math.floor(random() * 3_600_000));
    const ageHours = (now.getTime() - alarmTime.getTime()) / 3_600_000;
    const areaId = t.cameraAreaId ?? t.sceneAreaId;
    const area = byId.get(areaId);
    const factory = rootOf(areaId);
    const picture = pictures.get(t.cameraId);
    const roll = random();
    const handler = handlerOf(random());
    const handleTime = new Date(Math.min(now.getTime(), alarmTime.getTime() + (5 + random() * 120) * 60_000));
    const priority = random() < 0.6 ? demoPriority([t.level], 0) : demoPriority(t.levels ?? [], random());
    const alarm: AlarmInsert = {
      engineId: demoEngine.id,
      engineEventId: `seed-${n + 1}`,
      alarmTime,
      alarmState: ALARM_STATE.pending,
      priority,
      algorithmId: t.algorithmId,
      videoAlarmTypeName: t.algorithmName,
      sceneId: t.sceneId,
      sceneName: t.sceneName,
      cameraId: t.cameraId,
      cameraName: t.cameraName,
      areaId: area?.id ?? null,
      areaName: area?.name ?? '',
      factoryId: factory?.id ?? null,
      factoryName: factory?.name ?? '',
      alarmResult: demoResult(t.algorithmCode, t.algorithmName, n),
      extraInfoName: '置信度',
      extraInfo: { confidence: Number((0.75 + random() * 0.24).toFixed(2)) },
      alarmImage: picture?.image ?? '',
      alarmImageDraw: picture?.draw ?? '',
      // The boxes drawn on the camera's marked picture (rendered with seed index + 1).
      detections: picture ? demoDetections(picture.seed, t.algorithmCode) : [],
      createdAt: alarmTime,
    };
    const ingest = {
      action: 'ingest',
      fromState: null,
      comment: '',
      accountName: DEMO_ENGINE_NAME,
      createdAt: alarmTime,
    };
    const by = {
      accountId: handler?.id ?? null,
      accountName: handler?.name || '值班员',
    };
    // Older alarms are mostly handled; the last hours are mostly still pending.
    const handled = ageHours > 6 ? roll : roll * 3;
    // A closed alarm: its state and who closed it, and the timeline ingest → action.
    const close = (
      action: 'deal' | 'cancel' | 'approve',
      comments: readonly string[],
      from: 1 | 4,
      fields: Partial<AlarmInsert>,
    ) => {
      const comment = comments[n % comments.length] ?? '';
      Object.assign(alarm, {
        alarmState: ALARM_STATE.processed,
        stateComments: comment,
        version: 1,
        ...fields,
      });
      const to = action === 'cancel' ? 3 : 2;
      plans.push({
        alarm,
        actions: [
          { ...ingest, toState: from },
          { action, fromState: from, toState: to, comment, ...by, createdAt: handleTime },
        ],
      });
    };
    const handledBy = { handlerId: by.accountId, handler: by.accountName, handleTime };
    if (handled < 0.6) {
      close('deal', DEAL_COMMENTS, 1, handledBy);
    } else if (handled < 0.7) {
      close('cancel', CANCEL_COMMENTS, 1, {
        ...handledBy,
        alarmState: ALARM_STATE.cancelled,
        falsePositive: true,
      });
    } else if (handled < 0.76) {
      close('approve', APPROVE_COMMENTS, 4, {
        approverId: by.accountId,
        approver: by.accountName,
        approveTime: handleTime,
      });
    } else if (handled < 0.84) {
      alarm.alarmState = ALARM_STATE.awaitingApproval;
      plans.push({ alarm, actions: [{ ...ingest, toState: 4 }] });
    } else {
      plans.push({ alarm, actions: [{ ...ingest, toState: 1 }] });
    }
  }

  for (let i = 0; i < plans.length; i += BATCH) {
    const chunk = plans.slice(i, i + BATCH);
    const ids = await db
      .insert(videoAlarm)
      .values(chunk.map((p) => p.alarm))
      .returning({ id: videoAlarm.id, eventId: videoAlarm.engineEventId });
    const idOf = new Map(ids.map((r) => [r.eventId, r.id]));
    const actions: ActionInsert[] = chunk.flatMap((p) => {
      const alarmId = idOf.get(p.alarm.engineEventId ?? '');
      const { alarmTime, priority, sceneId } = p.alarm;
      return alarmId === undefined
        ? []
        : p.actions.map((a) => ({ ...a, alarmId, alarmTime, priority, sceneId: sceneId ?? null }));
    });
    for (let j = 0; j < actions.length; j += BATCH)
      await db.insert(alarmAction).values(actions.slice(j, j + BATCH));
  }

  await addAlarmsToRollups(db, inArray(videoAlarm.engineId, [demoEngine.id]));
}
