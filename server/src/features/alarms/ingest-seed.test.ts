import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alarmAction,
  alarmRollup,
  engine,
  sceneCamera,
  sceneCameraAlgorithm,
  videoAlarm,
} from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { DEMO_ENGINE_NAME } from '../engines/demo-engine.ts';
import { type IngestHarness, ingestHarness } from './ingest-test-support.ts';
import { DEMO_ALARM_DAYS, DEMO_ALARMS_PER_DAY, seedAlarms } from './seed.ts';

describe.each(backends)('demo alarm history seed on %s', (backend) => {
  let h: IngestHarness;
  let elapsed = 0;
  const now = new Date('2026-11-22T12:00:00Z');

  beforeAll(async () => {
    h = await ingestHarness(backend);
    const [sc] = await h.app.db.select().from(sceneCamera).where(eq(sceneCamera.sceneId, h.refs.sceneId));
    if (!sc) throw new Error('no scene camera');
    await h.app.db
      .insert(sceneCameraAlgorithm)
      .values({ sceneCameraId: sc.id, algorithmId: h.refs.algorithmId, level: 120003 });
    const started = performance.now();
    await seedAlarms(h.app.db, { mediaDir: join(h.dataDir, 'media') }, now);
    elapsed = performance.now() - started;
  });
  afterAll(async () => h?.close());

  it('creates ~30 days of alarms with timelines, the demo engine and per-camera pictures, quickly', async () => {
    const rows = await h.app.db.select().from(videoAlarm);
    expect(rows).toHaveLength(DEMO_ALARM_DAYS * DEMO_ALARMS_PER_DAY);
    const times = rows.map((r) => r.alarmTime.getTime());
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(Math.min(...times)).toBeGreaterThan(now.getTime() - 31 * 86_400_000);
    const [first] = rows;
    expect(first).toMatchObject({
      sceneName: '焦炉巡检',
      cameraName: '焦炉顶部摄像头',
      areaName: '1号焦炉',
      factoryName: '焦化厂',
    });
    expect(existsSync(join(h.dataDir, 'media', first?.alarmImage ?? 'x'))).toBe(true);
    expect(existsSync(join(h.dataDir, 'media', first?.alarmImageDraw ?? 'x'))).toBe(true);
    const byState = (s: number) => rows.filter((r) => r.alarmState === s).length;
    const processed = byState(2) + byState(3);
    expect(processed / rows.length).toBeGreaterThan(0.5);
    expect(processed / rows.length).toBeLessThan(0.85);
    const fp = rows.filter((r) => r.falsePositive).length / rows.length;
    expect(fp).toBeGreaterThan(0.05);
    expect(fp).toBeLessThan(0.15);
    expect(byState(4)).toBeGreaterThan(0);
    expect(rows.filter((r) => r.approveTime !== null && r.alarmState === 2).length).toBeGreaterThan(0);
    const dayShift = rows.filter((r) => {
      const hour = (r.alarmTime.getUTCHours() + 8) % 24;
      return hour >= 8 && hour < 18;
    }).length;
    expect(dayShift / rows.length).toBeGreaterThan(0.5);
    const [actions] = await h.app.db.select({ n: count() }).from(alarmAction);
    expect(Number(actions?.n)).toBeGreaterThan(rows.length);
    const handled = rows.find((r) => r.alarmState === 3);
    const timeline = await h.app.db
      .select()
      .from(alarmAction)
      .where(eq(alarmAction.alarmId, handled?.id ?? 0));
    expect(timeline.map((a) => a.action)).toEqual(['ingest', 'cancel']);
    expect(timeline[1]?.comment).toMatch(/误报/);
    expect(await h.app.db.select().from(engine).where(eq(engine.name, DEMO_ENGINE_NAME))).toHaveLength(1);
    expect(elapsed).toBeLessThan(15_000);
  });

  it('keeps the rollup counters equal to count(*) per state, day and priority', async () => {
    const rows = await h.app.db.execute(sql`
      SELECT a.state, a.n AS rows, coalesce(r.n, 0) AS counted FROM
        (SELECT alarm_state AS state, count(*) AS n FROM video_alarm GROUP BY 1) a
        LEFT JOIN (SELECT alarm_state AS state, sum(count) AS n FROM alarm_rollup GROUP BY 1) r ON r.state = a.state`);
    const list = (rows as unknown as { rows: Array<{ state: number; rows: unknown; counted: unknown }> })
      .rows;
    expect(list.length).toBeGreaterThan(1);
    for (const r of list) expect(Number(r.counted), `state ${r.state}`).toBe(Number(r.rows));
    const [mismatch] = await h.app.db
      .execute(sql`
      SELECT count(*) AS n FROM (
        SELECT (alarm_time AT TIME ZONE 'UTC')::date AS day, alarm_state, priority, false_positive, count(*) AS n
        FROM video_alarm GROUP BY 1, 2, 3, 4) v
      FULL JOIN (SELECT day, alarm_state, priority, false_positive, sum(count) AS n FROM alarm_rollup GROUP BY 1, 2, 3, 4) r
        USING (day, alarm_state, priority, false_positive)
      WHERE coalesce(v.n, 0) <> coalesce(r.n, 0)`)
      .then((res) => (res as unknown as { rows: Array<{ n: unknown }> }).rows);
    expect(Number(mismatch?.n)).toBe(0);
    const [total] = await h.app.db.select({ n: sql<string>`sum(${alarmRollup.count})` }).from(alarmRollup);
    expect(Number(total?.n)).toBe(DEMO_ALARM_DAYS * DEMO_ALARMS_PER_DAY);
  });
});
