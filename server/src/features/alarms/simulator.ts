import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { isPriorityCode, type PriorityCode } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { demoDetections, renderAlarmImages } from '../../platform/demo-images.ts';
import { type RepeatingTask, repeatEvery } from '../../platform/repeating-task.ts';
import { demoEngine } from '../engines/index.ts';
import { recordSimulated } from '../protocol-log/index.ts';
import { demoAlarmTargets } from './demo-targets.ts';
import { type IngestResult, ingestAlarm } from './ingest-service.ts';

/** Believable results per kind of detection (matched on the algorithm's code or name). */
const RESULTS: Array<[RegExp, string[]]> = [
  [/helmet|安全帽/i, ['检测到人员未佩戴安全帽', '作业人员安全帽佩戴不规范']],
  [/smok|烟/i, ['检测到作业区域有人吸烟', '发现吸烟行为']],
  [/fire|火/i, ['检测到明火', '疑似烟火，请现场确认']],
  [/phone|电话|手机/i, ['检测到作业中使用手机']],
  [/intru|闯入|越界|区域/i, ['检测到人员闯入危险区域', '人员越界进入警戒区']],
  [/vest|反光|工服|cloth/i, ['检测到人员未穿反光背心', '工服穿戴不规范']],
  [/leak|泄漏|跑冒/i, ['疑似介质泄漏，请现场确认']],
  [/sleep|睡|离岗/i, ['检测到人员离岗', '值守人员疑似睡岗']],
];

export function demoResult(code: string, name: string, pick: number): string {
  for (const [pattern, texts] of RESULTS) {
    if (pattern.test(code) || pattern.test(name)) return texts[pick % texts.length] ?? `${name}`;
  }
  return `检测到${name}`;
}

/** Mostly general and serious, some hints and a few urgent (weights per priority code). */
export function demoPriority(levels: number[], roll: number): PriorityCode {
  const weights: Record<number, number> = { 120001: 0.15, 120002: 0.45, 120003: 0.3, 120004: 0.1 };
  const allowed = levels.filter(isPriorityCode);
  const pool: PriorityCode[] = allowed.length > 0 ? allowed : [120002];
  const total = pool.reduce((sum, l) => sum + (weights[l] ?? 0.1), 0);
  let left = roll * total;
  for (const level of pool) {
    left -= weights[level] ?? 0.1;
    if (left <= 0) return level;
  }
  return pool[pool.length - 1] ?? 120002;
}

/** `tick()` reports one alarm now (undefined when the plant has no camera with an algorithm). */
export type AlarmSimulator = RepeatingTask<IngestResult | undefined>;

/** One report through the same ingest service as the engines' HTTP API. */
async function reportOne(app: FastifyInstance): Promise<IngestResult | undefined> {
  const candidates = await demoAlarmTargets(app.db, { runningOnly: true, limit: 500 });
  if (candidates.length === 0) return undefined;
  const roll = randomBytes(4).readUInt32BE(0);
  const pick = candidates[roll % candidates.length];
  if (!pick) return undefined;
  const source = await demoEngine(app);
  const images = await renderAlarmImages(
    join(app.appConfig.dataDir, 'media'),
    pick.snapshotPath,
    pick.algorithmCode,
    roll % 10_000,
  );
  const input = {
    eventId: `sim-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
    alarmTime: app.appConfig.now().toISOString(),
    // The level configured for this camera's algorithm (scene-cameras).
    priority: isPriorityCode(pick.level) ? pick.level : 120002,
    algorithmId: pick.algorithmId,
    sceneId: pick.sceneId,
    cameraId: pick.cameraId,
    alarmResult: demoResult(pick.algorithmCode, pick.algorithmName, roll),
    extraInfoName: '置信度',
    extraInfo: { confidence: Number((0.8 + (roll % 19) / 100).toFixed(2)), simulated: true },
    // The boxes drawn on the marked picture, as the engine reports them.
    detections: demoDetections(roll % 10_000, pick.algorithmCode),
  };
  // Recorded in the protocol log like an HTTP report (the images as name, type and size).
  const raw = {
    fields: input,
    files: [
      { name: 'image', type: 'image/jpeg', size: images.original.length },
      { name: 'imageDraw', type: 'image/jpeg', size: images.drawn.length },
    ],
  };
  return recordSimulated(app, { kind: 'videoAlarm', engineId: source.id, cameraId: pick.cameraId, raw }, () =>
    ingestAlarm(app, source, input, { image: images.original, imageDraw: images.drawn }),
  );
}

/**
 * The demo's simulated engine: every `seconds` it reports a believable alarm on a random camera
 * and algorithm of the demo plant. Timers never overlap (the next one is set after a report) and
 * do not keep the process alive; stop() leaves nothing behind.
 */
export function startAlarmSimulator(app: FastifyInstance, seconds: number): AlarmSimulator {
  return repeatEvery(app.log, 'alarm simulator: report failed', seconds * 1000, () => reportOne(app));
}
