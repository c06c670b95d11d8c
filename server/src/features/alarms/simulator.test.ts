import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { alarmAction, engine, sceneCamera, sceneCameraAlgorithm, videoAlarm } from '../../db/schema/index.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import { backends } from '../../test/helpers.ts';
import { DEMO_ENGINE_NAME } from '../engines/demo-engine.ts';
import { type IngestHarness, ingestHarness } from './ingest-test-support.ts';
import { demoPriority, startAlarmSimulator } from './simulator.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(backends)('demo alarm simulator on %s', (backend) => {
  let h: IngestHarness;
  const alarms = async () => Number((await h.app.db.select({ n: count() }).from(videoAlarm))[0]?.n ?? 0);

  beforeAll(async () => {
    h = await ingestHarness(backend);
    const [sc] = await h.app.db.select().from(sceneCamera).where(eq(sceneCamera.sceneId, h.refs.sceneId));
    if (!sc) throw new Error('no scene camera');
    await h.app.db
      .insert(sceneCameraAlgorithm)
      .values({ sceneCameraId: sc.id, algorithmId: h.refs.algorithmId, level: 120004 });
  });
  afterAll(async () => h?.close());

  it('is off in tests (no timer, no demo engine)', async () => {
    expect(h.app.appConfig.alarmSimulatorSeconds).toBe(0);
    expect(await h.app.db.select().from(engine).where(eq(engine.name, DEMO_ENGINE_NAME))).toHaveLength(0);
  });

  it('reports a believable alarm every second through the ingest service, and stops cleanly', async () => {
    const events: BusEvent[] = [];
    const unsubscribe = h.app.bus.subscribe((event) => events.push(event));
    const before = await alarms();
    const simulator = startAlarmSimulator(h.app, 1);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(0);
    await simulator.stop();
    unsubscribe();
    expect(events[0]?.type).toBe('alarm.created');
    const after = await alarms();
    expect(after).toBeGreaterThan(before);
    const [row] = await h.app.db.select().from(videoAlarm).orderBy(videoAlarm.id).limit(1).offset(before);
    expect(row).toMatchObject({
      cameraId: h.refs.cameraId,
      sceneId: h.refs.sceneId,
      cameraName: '焦炉顶部摄像头',
      alarmState: 1,
    });
    expect(row?.engineEventId).toMatch(/^sim-/);
    expect(['检测到人员未佩戴安全帽', '作业人员安全帽佩戴不规范']).toContain(row?.alarmResult);
    expect(row?.priority).toBe(120004);
    expect(row?.alarmImage).toMatch(/^alarm\//);
    expect(row?.alarmImageDraw).toMatch(/^alarm\//);
    const timeline = await h.app.db
      .select()
      .from(alarmAction)
      .where(eq(alarmAction.alarmId, row?.id ?? 0));
    expect(timeline[0]).toMatchObject({ action: 'ingest', accountName: DEMO_ENGINE_NAME });
    const [demo] = await h.app.db.select().from(engine).where(eq(engine.name, DEMO_ENGINE_NAME));
    expect(demo?.enabled).toBe(true);
    // Stopped: nothing more arrives within one and a half periods (an absence takes a time window).
    await sleep(1500);
    expect(await alarms()).toBe(after);
  });

  it('is configured by ALARM_SIMULATOR_SECONDS (default 30, 0 = off)', () => {
    expect(loadConfig({}).alarmSimulatorSeconds).toBe(30);
    expect(loadConfig({ ALARM_SIMULATOR_SECONDS: '0' }).alarmSimulatorSeconds).toBe(0);
    expect(loadConfig({ ALARM_SIMULATOR_SECONDS: '5' }).alarmSimulatorSeconds).toBe(5);
    expect(() => loadConfig({ ALARM_SIMULATOR_SECONDS: 'often' })).toThrow(/ALARM_SIMULATOR_SECONDS/);
    expect(() => loadConfig({ ALARM_SIMULATOR_SECONDS: '-1' })).toThrow(/ALARM_SIMULATOR_SECONDS/);
  });

  it('picks priorities among the algorithm levels', () => {
    for (let i = 0; i < 20; i++) expect([120002, 120003]).toContain(demoPriority([120002, 120003], i / 20));
    expect(demoPriority([], 0.5)).toBe(120002);
  });
});
