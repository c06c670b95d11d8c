import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { camera, dcsPoint, scene, sceneCamera } from '../../db/schema/index.ts';
import { renderAlarmImages } from '../../platform/demo-images.ts';
import type { EngineRef } from '../../platform/engine-auth.ts';
import { type RepeatingTask, repeatEvery } from '../../platform/repeating-task.ts';
import { demoEngine } from '../engines/index.ts';
import { recordSimulated } from '../protocol-log/index.ts';
import { ingestDcsAlarm, ingestEvent } from './ingest.ts';

/** Events a plant's engine reports (what it saw, not a violation). */
export const DEMO_EVENT_NAMES = [
  '人员进入作业区域',
  '人员离开作业区域',
  '作业开始',
  '作业结束',
  '安全交底完成',
  '车辆进入厂区',
  '车辆离开厂区',
  '巡检人员到位',
  '监护人到岗',
  '气体检测完成',
];

/** A reading outside a point's limits (above the high limit mostly, else below the low one). */
export function outOfLimits(low: number | null, high: number | null, roll: number): number {
  const span =
    high !== null && low !== null ? Math.max(high - low, 1) : Math.max(Math.abs(high ?? low ?? 10), 1);
  if (high !== null && (roll < 0.7 || low === null))
    return Number((high + span * (0.05 + roll * 0.2)).toFixed(2));
  if (low !== null) return Number((low - span * (0.05 + roll * 0.2)).toFixed(2));
  return Number((span * (1 + roll)).toFixed(2));
}

/** `tick()` reports one event now, and every fourth tick a DCS alarm too. */
export type HistorySimulator = RepeatingTask<void>;

const simId = () => `sim-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

async function reportEvent(app: FastifyInstance, source: EngineRef, roll: number): Promise<void> {
  const candidates = await app.db
    .select({ cameraId: camera.id, snapshotPath: camera.snapshotPath, sceneId: scene.id })
    .from(sceneCamera)
    .innerJoin(scene, eq(scene.id, sceneCamera.sceneId))
    .innerJoin(camera, eq(camera.id, sceneCamera.cameraId))
    .where(eq(sceneCamera.enabled, true))
    .limit(500);
  const pick = candidates[roll % Math.max(candidates.length, 1)];
  if (!pick) return;
  const images = await renderAlarmImages(
    join(app.appConfig.dataDir, 'media'),
    pick.snapshotPath,
    'event',
    roll,
  );
  const input = {
    eventId: simId(),
    eventName: DEMO_EVENT_NAMES[roll % DEMO_EVENT_NAMES.length] ?? '作业开始',
    eventTime: app.appConfig.now().toISOString(),
    sceneId: pick.sceneId,
    cameraId: pick.cameraId,
    extraInfo: { simulated: true },
  };
  // Recorded in the protocol log like an HTTP report (the image as name, type and size).
  const raw = { fields: input, files: [{ name: 'image', type: 'image/jpeg', size: images.original.length }] };
  await recordSimulated(app, { kind: 'event', engineId: source.id, cameraId: pick.cameraId, raw }, () =>
    ingestEvent(app, source, input, images.original),
  );
}

async function reportDcs(app: FastifyInstance, source: EngineRef, roll: number): Promise<void> {
  const points = await app.db
    .select({ tag: dcsPoint.tag, low: dcsPoint.lowLimit, high: dcsPoint.highLimit, name: dcsPoint.name })
    .from(dcsPoint)
    .limit(200);
  const point = points[roll % Math.max(points.length, 1)];
  if (!point) return;
  const value = outOfLimits(point.low, point.high, (roll % 100) / 100);
  const input = {
    eventId: simId(),
    tag: point.tag,
    value,
    priority: point.high !== null && value > point.high ? (120003 as const) : (120002 as const),
    message: `${point.name}超限`,
    alarmTime: app.appConfig.now().toISOString(),
  };
  await recordSimulated(app, { kind: 'dcsAlarm', engineId: source.id, raw: input }, () =>
    ingestDcsAlarm(app, source, input),
  );
}

/**
 * The demo engine's events: every `seconds` an event on a random scene camera, and every fourth
 * time a DCS alarm on a random point. Timers never overlap and do not keep the process alive.
 */
export function startHistorySimulator(app: FastifyInstance, seconds: number): HistorySimulator {
  let ticks = 0;
  return repeatEvery(app.log, 'history simulator: report failed', seconds * 1000, async () => {
    const roll = randomBytes(4).readUInt32BE(0);
    const source = await demoEngine(app);
    await reportEvent(app, source, roll);
    if (ticks++ % 4 === 0) await reportDcs(app, source, roll);
  });
}
