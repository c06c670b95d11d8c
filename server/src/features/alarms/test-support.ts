import type { Envelope, Lang } from '@sentinel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  alarmAction,
  alarmRollup,
  algorithm,
  camera,
  plantNode,
  scene,
  videoAlarm,
} from '../../db/schema/index.ts';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { type AlarmRow, rollupKeyOf } from './mapper.ts';
import { bumpRollup, rollupDay } from './rollup.ts';

export type TestAlarmInput = Partial<typeof videoAlarm.$inferInsert>;

/**
 * Inserts an alarm straight into the database with its 'ingest' timeline row and its rollup
 * counter (same transaction), as the ingest does. References default to null (names are copies).
 */
export async function insertTestAlarm(app: FastifyInstance, input: TestAlarmInput = {}): Promise<AlarmRow> {
  const row = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(videoAlarm)
      .values({
        alarmTime: new Date('2024-05-01T08:00:00Z'),
        priority: 120002,
        videoAlarmTypeName: 'Helmet',
        sceneName: 'Scene',
        cameraName: 'CAM-001',
        ...input,
      })
      .returning();
    if (!row) throw new Error('alarm not inserted');
    await tx.insert(alarmAction).values({
      alarmId: row.id,
      action: 'ingest',
      fromState: null,
      toState: row.alarmState,
      createdAt: row.createdAt,
      alarmTime: row.alarmTime,
      priority: row.priority,
      sceneId: row.sceneId,
    });
    await bumpRollup(tx, rollupKeyOf(row), 1);
    return row;
  });
  // As an ingest does: the totals and the day's analysis partials this instance keeps are stale now.
  app.alarmCounts.clear();
  app.dayPartials.dropTime(row.alarmTime.getTime());
  return row;
}

/**
 * Adds `delta` to each daily counter of a scene on the UTC day holding `dayMs`, behind the caches'
 * back (no alarm event): a total answered from kept days does not show it, a cold one does.
 * Answers the change of the day's total (delta × counters; 0 when the day has none).
 */
export async function bumpDayCounters(
  app: FastifyInstance,
  dayMs: number,
  sceneId: number,
  delta: number,
): Promise<number> {
  const changed = await app.db
    .update(alarmRollup)
    .set({ count: sql`${alarmRollup.count} + ${delta}` })
    .where(and(eq(alarmRollup.day, rollupDay(new Date(dayMs))), eq(alarmRollup.sceneId, sceneId)))
    .returning({ day: alarmRollup.day });
  return changed.length * delta;
}

/** Inserts several alarms (in order). */
export async function insertTestAlarms(app: FastifyInstance, inputs: TestAlarmInput[]): Promise<AlarmRow[]> {
  const rows: AlarmRow[] = [];
  for (const input of inputs) rows.push(await insertTestAlarm(app, input));
  return rows;
}

/** Plant, scenes, cameras and algorithms the test alarms refer to (ids for the filters). */
export interface TestRefs {
  factoryA: number;
  factoryB: number;
  areaA: number;
  areaB: number;
  sceneA: number;
  sceneB: number;
  cameraA: number;
  cameraB: number;
  algoA: number;
  algoB: number;
}

export async function createTestRefs(app: FastifyInstance): Promise<TestRefs> {
  const tag = Math.random().toString(36).slice(2, 8);
  const node = async (name: string, kind: string, parentId: number | null) => {
    const [row] = await app.db
      .insert(plantNode)
      .values({ name, kind, parentId })
      .returning({ id: plantNode.id });
    if (!row) throw new Error('plant node');
    return row.id;
  };
  const factoryA = await node(`厂A${tag}`, 'factory', null);
  const factoryB = await node(`厂B${tag}`, 'factory', null);
  const areaA = await node('区域A', 'area', factoryA);
  const areaB = await node('区域B', 'area', factoryB);
  const sc = async (name: string, areaId: number) => {
    const [row] = await app.db.insert(scene).values({ name, areaId }).returning({ id: scene.id });
    if (!row) throw new Error('scene');
    return row.id;
  };
  const cam = async (code: string, areaId: number) => {
    const [row] = await app.db
      .insert(camera)
      .values({ name: code, code, areaId })
      .returning({ id: camera.id });
    if (!row) throw new Error('camera');
    return row.id;
  };
  const algo = async (code: string) => {
    const [row] = await app.db.insert(algorithm).values({ code, name: code }).returning({ id: algorithm.id });
    if (!row) throw new Error('algorithm');
    return row.id;
  };
  return {
    factoryA,
    factoryB,
    areaA,
    areaB,
    sceneA: await sc(`场景A${tag}`, areaA),
    sceneB: await sc(`场景B${tag}`, areaB),
    cameraA: await cam(`CAM-A-${tag}`, areaA),
    cameraB: await cam(`CAM-B-${tag}`, areaB),
    algoA: await algo(`helmet-${tag}`),
    algoB: await algo(`smoke-${tag}`),
  };
}

/** A test app with an admin, an operator (deal/cancel, no approval) and an account without codes. */
export interface AlarmsHarness {
  app: FastifyInstance;
  admin: string;
  operator: string;
  nobody: string;
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    options?: { token?: string; lang?: Lang },
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export async function alarmsHarness(backend: Backend): Promise<AlarmsHarness> {
  const tdb: TestDatabase = await createTestDatabase(backend);
  const app = await buildTestApp(tdb);
  const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
  const operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  const nobody = await login(app, await createAccount(app, { roles: [] }));
  return {
    app,
    admin,
    operator,
    nobody,
    async call(method, url, payload, options = {}) {
      const res = await app.inject({
        method,
        url,
        headers: { token: options.token ?? admin, lang: options.lang ?? 'en' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}

/** The place columns of an alarm in scene A (camera, area, plant, algorithm A) and in scene B. */
export function placesOf(r: TestRefs) {
  const place = (x: 'A' | 'B') => ({
    sceneId: r[`scene${x}`],
    cameraId: r[`camera${x}`],
    areaId: r[`area${x}`],
    factoryId: r[`factory${x}`],
    algorithmId: r[`algo${x}`],
  });
  return { a: place('A'), b: place('B') };
}
