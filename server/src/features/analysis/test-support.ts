/**
 * A seeded world for the home and alarm analysis tests: two factories › areas › scenes, cameras and
 * algorithms, ~150 alarms over five days at uneven instants (written as ingest writes them, rollups
 * included), the app's clock, an admin and an account limited to scene A — plus a model of every
 * alarm so the tests can count by hand, and the History alarms list's `count` for any filter.
 */
import { ALARM_API, type AlarmListResult, type Envelope, type Lang } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  limitToScenes,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';
import { createTestRefs, insertTestAlarm, type TestRefs } from '../alarms/test-support.ts';

export const H = 3_600_000;
export const D = 24 * H;
/** Midnight UTC of the middle day of the story. */
export const BASE = Date.parse('2025-03-10T00:00:00Z');
export const iso = (ms: number) => new Date(ms).toISOString();

/** One alarm as written, for counting by hand (references null where the alarm has none). */
export interface AlarmModel {
  id: number;
  alarmTime: number;
  alarmState: number;
  falsePositive: boolean;
  priority: number;
  sceneId: number | null;
  cameraId: number | null;
  algorithmId: number | null;
  areaId: number | null;
  factoryId: number | null;
}

export interface AnalysisWorld {
  app: FastifyInstance;
  /** The app's clock (epoch ms): `app.appConfig.now()` answers it. */
  clock: { t: number };
  refs: TestRefs;
  admin: string;
  /** An operator who sees scene A only. */
  limited: string;
  alarms: AlarmModel[];
  call<T>(
    url: string,
    payload?: object,
    options?: { token?: string; lang?: Lang },
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  /** History alarms' `count` for these filters (as the admin unless told). */
  listCount(filters: object, token?: string): Promise<number>;
  /** Writes one more alarm as an ingest does (rollups, cache cleared) and adds it to `alarms`. */
  addAlarm(model: Omit<AlarmModel, 'id'>): Promise<AlarmModel>;
  close(): Promise<void>;
}

/** The story's alarms: every 37 min 13 s from two days before BASE, with a few special ones. */
export function storyAlarms(r: TestRefs): Omit<AlarmModel, 'id'>[] {
  const out: Omit<AlarmModel, 'id'>[] = [];
  const start = BASE - 2 * D + 11 * 60_000 + 7_000;
  for (let i = 0; i < 150; i++) {
    const inB = i % 3 === 0;
    const kind = i % 7;
    const alarmState = kind < 2 ? 1 : kind === 2 ? 4 : kind === 3 ? 3 : 2;
    out.push({
      alarmTime: start + i * (37 * 60_000 + 13_000),
      alarmState,
      falsePositive: alarmState === 3,
      priority: 120001 + (i % 4),
      sceneId: inB ? r.sceneB : r.sceneA,
      cameraId: i % 5 === 0 ? r.cameraB : r.cameraA,
      algorithmId: i % 2 ? r.algoA : r.algoB,
      areaId: inB ? r.areaB : r.areaA,
      factoryId: inB ? r.factoryB : r.factoryA,
    });
  }
  const special = (model: Partial<Omit<AlarmModel, 'id'>>, at: number) =>
    out.push({
      alarmTime: at,
      alarmState: 1,
      falsePositive: false,
      priority: 120002,
      sceneId: r.sceneA,
      cameraId: r.cameraA,
      algorithmId: r.algoA,
      areaId: r.areaA,
      factoryId: r.factoryA,
      ...model,
    });
  // An alarm whose algorithm and camera are gone (references null), one of no scene or plant at
  // all (seen only by accounts that see every scene), and two in the last second of a UTC day
  // (inside a whole-day range ending at 23:59:59, outside a range ending at 23:59:59.000 exactly
  // when the range is not whole days — as the list counts).
  special({ algorithmId: null, cameraId: null }, BASE + 5 * H + 1_000);
  special({ sceneId: null, areaId: null, factoryId: null }, BASE + 6 * H + 2_000);
  special({ alarmState: 2 }, BASE + D - 500);
  special({ sceneId: r.sceneB, areaId: r.areaB, factoryId: r.factoryB, priority: 120004 }, BASE - 400);
  return out;
}

export async function analysisWorld(backend: Backend): Promise<AnalysisWorld> {
  const tdb: TestDatabase = await createTestDatabase(backend);
  const clock = { t: BASE + D + 13 * H + 29 * 60_000 };
  const app = await buildTestApp(tdb, {
    now: () => new Date(clock.t),
    sessionIdleMs: 365 * D,
    sessionAbsoluteMs: 365 * D,
  });
  const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
  const limitedAccount = await createAccount(app, { roles: ['operator'] });
  const limited = await login(app, limitedAccount);
  const refs = await createTestRefs(app);
  await limitToScenes(app, admin, limitedAccount.id, [refs.sceneA]);

  const alarms: AlarmModel[] = [];
  const addAlarm = async (model: Omit<AlarmModel, 'id'>) => {
    const row = await insertTestAlarm(app, { ...model, alarmTime: new Date(model.alarmTime) });
    const written = { ...model, id: row.id };
    alarms.push(written);
    return written;
  };
  for (const model of storyAlarms(refs)) await addAlarm(model);

  const call: AnalysisWorld['call'] = async (url, payload, options = {}) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { token: options.token ?? admin, lang: options.lang ?? 'en' },
      ...(payload === undefined ? {} : { payload }),
    });
    return { statusCode: res.statusCode, body: res.json() };
  };
  return {
    app,
    clock,
    refs,
    admin,
    limited,
    alarms,
    call,
    async listCount(filters, token) {
      const res = await call<AlarmListResult>(ALARM_API.list, { page: 1, limit: 10, ...filters }, { token });
      if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body.message}`);
      return res.body.data.count;
    },
    addAlarm,
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}

/** Alarms of [startTime, endTime] as the History alarms list counts them (whole UTC days: through the day's end). */
export function inRange(alarms: AlarmModel[], startTime: string, endTime: string): AlarmModel[] {
  const from = Date.parse(startTime);
  const end = Date.parse(endTime);
  const wholeDays = from % D === 0 && end % D >= D - 1000;
  const dayEnd = Math.floor(end / D) * D + D;
  return alarms.filter((a) => a.alarmTime >= from && (wholeDays ? a.alarmTime < dayEnd : a.alarmTime <= end));
}

/** Hand count of each value of `key` (null references under 'null'). */
export function countBy<K extends keyof AlarmModel>(alarms: AlarmModel[], key: K): Map<string, number> {
  const out = new Map<string, number>();
  for (const a of alarms) out.set(String(a[key]), (out.get(String(a[key])) ?? 0) + 1);
  return out;
}

/** POSTs an analysis call as `token` (English) and answers its data, expecting 200. */
export async function askAnalysis<T>(
  app: FastifyInstance,
  token: string,
  url: string,
  payload: object,
): Promise<T> {
  const res = await app.inject({ method: 'POST', url, headers: { token, lang: 'en' }, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
