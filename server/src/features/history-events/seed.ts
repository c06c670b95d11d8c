import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  account,
  auditLog,
  camera,
  dcsAlarm,
  dcsPoint,
  engine,
  eventRecord,
  historyAssignment,
  plantNode,
  scene,
  sceneCamera,
} from '../../db/schema/index.ts';
import type { DemoSeedContext } from '../../db/seed.ts';
import { renderAlarmImages } from '../../platform/demo-images.ts';
import { resolveMediaPath } from '../../platform/media.ts';
import { createEngine, DEMO_ENGINE_NAME } from '../engines/index.ts';
import { DCS_DEAL_ACTION } from './repo.ts';
import { DEMO_EVENT_NAMES, outOfLimits } from './simulator.ts';

export const DEMO_EVENT_DAYS = 30;
export const DEMO_EVENTS_PER_DAY = 10;
export const DEMO_DCS_ALARMS = 80;
const DAY_MS = 86_400_000;
const BATCH = 500;
const DCS_COMMENTS = ['已通知中控室调整', '现场确认，已恢复正常', '仪表校验后恢复', ''];

/** Deterministic generator (mulberry32): every demo database has the same history. */
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

async function demoEngineId(db: Db): Promise<number> {
  const [row] = await db.select({ id: engine.id }).from(engine).where(eq(engine.name, DEMO_ENGINE_NAME));
  return row?.id ?? (await createEngine(db, DEMO_ENGINE_NAME)).row.id;
}

/**
 * Demo events and DCS alarms (called last by demo-seed.ts): one picture per scene camera
 * (shared by that camera's events), ~300 events over 30 days plus the start and end of the
 * seeded job runs, and ~80 DCS alarms on the demo DCS points (older ones processed: handler, time
 * and comment on the row, plus their audit row).
 */
export async function seedHistoryEvents(db: Db, context: DemoSeedContext, now = new Date()): Promise<void> {
  const engineId = await demoEngineId(db);
  const random = generator(20_240_715);
  const startDay =
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (DEMO_EVENT_DAYS - 1) * DAY_MS;
  const timeIn = (day: number) => {
    // Mostly the day shift, plant time UTC+8.
    const hour = 7 + Math.floor(random() * 12);
    const t = startDay + day * DAY_MS + (hour - 8) * 3_600_000 + Math.floor(random() * 3_600_000);
    return new Date(Math.min(t, now.getTime() - Math.floor(random() * 600_000)));
  };

  const targets = await db
    .select({
      cameraId: camera.id,
      cameraCode: camera.code,
      cameraName: camera.name,
      snapshotPath: camera.snapshotPath,
      sceneId: scene.id,
      sceneName: scene.name,
      sceneAreaId: scene.areaId,
    })
    .from(sceneCamera)
    .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .orderBy(asc(sceneCamera.id));

  const events: Array<typeof eventRecord.$inferInsert> = [];
  if (targets.length > 0) {
    const root = resolve(context.mediaDir);
    const cameras = [...new Map(targets.map((t) => [t.cameraId, t])).values()];
    const pictures = new Map<number, string>();
    await Promise.all(
      cameras.map(async (t, i) => {
        const { original } = await renderAlarmImages(context.mediaDir, t.snapshotPath, 'event', 500 + i);
        const path = `event/demo-${t.cameraCode.toLowerCase().replace(/[^a-z0-9-]/g, '') || t.cameraId}.jpg`;
        const file = resolveMediaPath(root, path);
        if (!file) return;
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, original);
        pictures.set(t.cameraId, path);
      }),
    );
    const base = (t: (typeof targets)[number]) => ({
      engineId,
      eventImg: pictures.get(t.cameraId) ?? '',
      sceneId: t.sceneId,
      sceneName: t.sceneName,
      cameraId: t.cameraId,
      cameraName: t.cameraName,
    });
    for (let n = 0; n < DEMO_EVENT_DAYS * DEMO_EVENTS_PER_DAY; n++) {
      const t = targets[Math.floor(random() * targets.length)];
      if (!t) continue;
      const eventTime = timeIn(Math.floor(random() * DEMO_EVENT_DAYS));
      events.push({
        ...base(t),
        engineEventId: `seed-event-${n + 1}`,
        eventName: DEMO_EVENT_NAMES[Math.floor(random() * DEMO_EVENT_NAMES.length)] ?? '作业开始',
        eventTime,
        extraInfo: { confidence: Number((0.8 + random() * 0.19).toFixed(2)) },
        createdAt: eventTime,
      });
    }
    // The start and end of the seeded job runs, on a camera of the job's scene.
    const jobs = await db
      .select({
        id: historyAssignment.id,
        sceneId: historyAssignment.sceneId,
        startTime: historyAssignment.startTime,
        endTime: historyAssignment.endTime,
      })
      .from(historyAssignment)
      .where(isNotNull(historyAssignment.sceneId))
      .limit(200);
    for (const job of jobs) {
      const t = targets.find((x) => x.sceneId === job.sceneId);
      if (!t) continue;
      for (const [name, at] of [
        ['作业开始', job.startTime],
        ['作业结束', job.endTime],
      ] as const) {
        if (!at) continue;
        events.push({
          ...base(t),
          engineEventId: `seed-job-${job.id}-${name === '作业开始' ? 'start' : 'end'}`,
          eventName: name,
          eventTime: at,
          historyAssignmentId: job.id,
          extraInfo: {},
          createdAt: at,
        });
      }
    }
  }
  for (let i = 0; i < events.length; i += BATCH)
    await db.insert(eventRecord).values(events.slice(i, i + BATCH));

  await seedDcsAlarms(db, engineId, now, random, timeIn);
}

async function seedDcsAlarms(
  db: Db,
  engineId: number,
  now: Date,
  random: () => number,
  timeIn: (day: number) => Date,
): Promise<void> {
  const points = await db
    .select({
      id: dcsPoint.id,
      tag: dcsPoint.tag,
      name: dcsPoint.name,
      unit: dcsPoint.unit,
      low: dcsPoint.lowLimit,
      high: dcsPoint.highLimit,
      areaId: dcsPoint.areaId,
      areaName: plantNode.name,
    })
    .from(dcsPoint)
    .leftJoin(plantNode, eq(plantNode.id, dcsPoint.areaId))
    .orderBy(asc(dcsPoint.id));
  if (points.length === 0) return;
  // A point belongs to the first scene of its area (if any), so scene authority applies to it.
  const scenes = await db
    .select({ id: scene.id, name: scene.name, areaId: scene.areaId })
    .from(scene)
    .orderBy(asc(scene.id));
  const [handler] = await db
    .select({ id: account.id, name: account.accountName, displayName: account.displayName })
    .from(account)
    .orderBy(asc(account.id))
    .limit(1);

  const handlerName = handler?.displayName || handler?.name || '值班员';
  const rows: Array<typeof dcsAlarm.$inferInsert> = [];
  let processed = 0;
  for (let n = 0; n < DEMO_DCS_ALARMS; n++) {
    const p = points[Math.floor(random() * points.length)];
    if (!p) continue;
    const sc = scenes.find((s) => s.areaId === p.areaId);
    const alarmTime = timeIn(Math.floor(random() * 30));
    const value = outOfLimits(p.low, p.high, random());
    const high = p.high !== null && value > p.high;
    const ageHours = (now.getTime() - alarmTime.getTime()) / 3_600_000;
    const priority = high ? (random() < 0.3 ? 120004 : 120003) : 120002;
    const alarmState = ageHours > 12 && random() < 0.8 ? 2 : 1;
    // Processed ones carry who, when and the comment on the row (as a real processing does).
    const i = alarmState === 2 ? processed++ : -1;
    rows.push({
      engineId,
      engineEventId: `seed-dcs-${n + 1}`,
      dcsPointId: p.id,
      tag: p.tag,
      pointName: p.name,
      unit: p.unit,
      value,
      lowLimit: p.low,
      highLimit: p.high,
      priority,
      message: `${p.name}${high ? '高报' : '低报'}`,
      areaId: p.areaId,
      areaName: p.areaName ?? '',
      sceneId: sc?.id ?? null,
      sceneName: sc?.name ?? '',
      alarmTime,
      alarmState,
      ...(i >= 0
        ? {
            stateComments: DCS_COMMENTS[i % DCS_COMMENTS.length] ?? '',
            handlerId: handler?.id ?? null,
            handler: handlerName,
            handleTime: new Date(Math.min(now.getTime(), alarmTime.getTime() + (10 + i) * 60_000)),
            version: 1,
          }
        : {}),
      createdAt: alarmTime,
    });
  }
  const inserted = await db.insert(dcsAlarm).values(rows).returning();
  // The audit trail of the processed ones, as processing through the API writes it.
  const audits = inserted
    .filter((r) => r.alarmState === 2)
    .map((r) => ({
      accountId: r.handlerId,
      accountName: r.handler,
      action: DCS_DEAL_ACTION,
      target: String(r.id),
      detail: { fromState: 1, toState: 2, ...(r.stateComments ? { comment: r.stateComments } : {}) },
      createdAt: r.handleTime ?? r.alarmTime,
    }));
  if (audits.length > 0) await db.insert(auditLog).values(audits);
}
