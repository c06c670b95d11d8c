/**
 * A seeded world for the safety / efficiency analysis and My statistics tests: alarms ingested
 * through the engine API and handled through the real deal / cancel / approve / noApprove
 * endpoints at chosen instants (the app's clock), job runs reported through the engine API — plus
 * a model of every alarm so the tests can count by hand.
 */
import {
  ALARM_API,
  type AlarmListResult,
  type Envelope,
  JOB_RUN_API,
  type JobRunListResult,
  type Lang,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { algorithm, camera, plantNode, scene, sceneCamera } from '../../db/schema/index.ts';
import { type Backend, createAccount, limitToScenes, login } from '../../test/helpers.ts';
import { type IngestHarness, ingestHarness, multipartBody } from '../alarms/ingest-test-support.ts';

import { type Action, ALARMS, BASE, H, iso, RUNS, type Who } from './handling-fixtures.ts';

export {
  ALARMS,
  type AlarmSpec,
  BASE,
  DAY_RANGE,
  H,
  iso,
  RUNS,
  type RunSpec,
  type Who,
} from './handling-fixtures.ts';

/** What the story did to one alarm, for counting by hand. */
export interface AlarmModel {
  key: string;
  id: number;
  sceneId: number;
  algorithmId: number;
  priority: number;
  alarmTime: number;
  state: number;
  handler: Who | null;
  /** deal / cancel instant, else the approval that processed it. */
  handleTime: number | null;
  approveTime: number | null;
  falsePositive: boolean;
  inJob: boolean;
}

export interface ActionModel {
  alarm: AlarmModel;
  action: Action;
  by: Who;
  at: number;
}

export interface HandlingWorld {
  h: IngestHarness;
  clock: { t: number };
  tokens: Record<Who | 'limited', string>;
  ids: Record<Who | 'limited', number>;
  refs: {
    sceneA: number;
    sceneB: number;
    factoryB: number;
    areaA: number;
    areaB: number;
    helmet: number;
    smoke: number;
  };
  alarms: AlarmModel[];
  actions: ActionModel[];
  runIds: Record<string, number>;
  /** The engine key that reported the runs and the alarms. */
  engineKey: string;
  call<T>(
    url: string,
    payload: object,
    options?: { token?: string; lang?: Lang },
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  /** History alarms' count for these filters (as the admin unless told). */
  alarmCount(filters: object, token?: string): Promise<number>;
  alarmList(filters: object, token?: string): Promise<AlarmListResult>;
  /** History tasks' count for these filters. */
  runCount(filters: object, token?: string): Promise<number>;
  close(): Promise<void>;
}

export async function handlingWorld(backend: Backend): Promise<HandlingWorld> {
  const clock = { t: BASE - 3 * H };
  const h = await ingestHarness(backend, {
    now: () => new Date(clock.t),
    sessionIdleMs: 365 * 24 * H,
    sessionAbsoluteMs: 365 * 24 * H,
  });
  const call: HandlingWorld['call'] = async (url, payload, options = {}) => {
    const res = await h.app.inject({
      method: 'POST',
      url,
      headers: { token: options.token ?? h.admin, lang: options.lang ?? 'en' },
      payload,
    });
    return { statusCode: res.statusCode, body: res.json() };
  };

  const refs = await secondScene(h.app, h.refs.sceneId, h.refs.areaId);
  const accounts = {
    op: await createAccount(h.app, { roles: ['operator'] }),
    op2: await createAccount(h.app, { roles: ['operator'] }),
    admin: await createAccount(h.app, { roles: ['admin'] }),
    limited: await createAccount(h.app, { roles: ['operator'] }),
  };
  const tokens = {
    op: await login(h.app, accounts.op),
    op2: await login(h.app, accounts.op2),
    admin: await login(h.app, accounts.admin),
    limited: await login(h.app, accounts.limited),
  };
  await limitToScenes(h.app, tokens.admin, accounts.limited.id, [refs.sceneA]);
  const created = await call<{ key: string }>(ALARM_API.engines, { name: 'analysis-engine' });
  const key = created.body.data.key;
  const sceneOf = (s: 'A' | 'B') => (s === 'A' ? refs.sceneA : refs.sceneB);

  const runIds: Record<string, number> = {};
  for (const run of RUNS) {
    const res = await h.app.inject({
      method: 'POST',
      url: JOB_RUN_API.ingest,
      headers: { 'x-engine-key': key },
      payload: {
        runId: run.key,
        sceneId: sceneOf(run.scene),
        state: run.state,
        startTime: iso(BASE + run.start),
      },
    });
    if (res.statusCode !== 200) throw new Error(`run ${run.key}: ${res.statusCode} ${res.body}`);
    runIds[run.key] = (res.json() as Envelope<{ id: number }>).data.id;
  }

  const jpeg = await sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: 9, g: 9, b: 9 } },
  })
    .jpeg()
    .toBuffer();
  // Every ingest and every action in time order, each at its own instant.
  type Step = { at: number; run: () => Promise<void> };
  const steps: Step[] = [];
  const alarms: AlarmModel[] = [];
  const actions: ActionModel[] = [];
  for (const spec of ALARMS) {
    const model: AlarmModel = {
      key: spec.key,
      id: 0,
      sceneId: sceneOf(spec.scene),
      algorithmId: spec.algo === 'helmet' ? refs.helmet : refs.smoke,
      priority: spec.priority,
      alarmTime: BASE + spec.at,
      state: spec.approval ? 4 : 1,
      handler: null,
      handleTime: null,
      approveTime: null,
      falsePositive: false,
      inJob: spec.run !== undefined,
    };
    alarms.push(model);
    steps.push({
      at: model.alarmTime,
      run: async () => {
        const fields: Record<string, string> = {
          eventId: spec.key,
          sceneId: String(model.sceneId),
          cameraId: String(spec.scene === 'A' ? h.refs.cameraId : refs.cameraB),
          algorithmCode: spec.algo,
          priority: String(spec.priority),
          alarmTime: iso(model.alarmTime),
        };
        if (spec.approval) fields.requireApproval = 'true';
        if (spec.run) fields.historyAssignmentId = String(runIds[spec.run]);
        const { payload, headers } = multipartBody(fields, [{ field: 'image', data: jpeg }]);
        const res = await h.app.inject({
          method: 'POST',
          url: ALARM_API.ingest,
          headers: { ...headers, 'x-engine-key': key },
          payload,
        });
        if (res.statusCode !== 200) throw new Error(`ingest ${spec.key}: ${res.statusCode} ${res.body}`);
        model.id = (res.json() as Envelope<{ id: number }>).data.id;
      },
    });
    for (const a of spec.actions ?? []) {
      const at = model.alarmTime + a.after * 1000;
      steps.push({
        at,
        run: async () => {
          const url =
            a.action === 'cancel'
              ? ALARM_API.cancel(model.id)
              : a.action === 'deal'
                ? ALARM_API.deal
                : a.action === 'approve'
                  ? ALARM_API.approve
                  : ALARM_API.noApprove;
          const res = await call(url, { id: model.id }, { token: tokens[a.by] });
          if (res.statusCode !== 200) throw new Error(`${a.action} ${spec.key}: ${res.statusCode}`);
          actions.push({ alarm: model, action: a.action, by: a.by, at });
          if (a.action === 'deal' || a.action === 'cancel') {
            model.state = a.action === 'deal' ? 2 : 3;
            model.falsePositive = a.action === 'cancel';
            model.handler = a.by;
            model.handleTime = at;
          } else if (a.action === 'approve') {
            model.state = 2;
            model.approveTime = at;
          } else {
            model.state = 4;
            model.approveTime = null;
          }
        },
      });
    }
  }
  steps.sort((a, b) => a.at - b.at);
  for (const step of steps) {
    clock.t = step.at;
    await step.run();
  }
  clock.t = BASE + 30 * H;

  const list = async (filters: object, token = tokens.admin) => {
    const res = await call<AlarmListResult>(ALARM_API.list, { page: 1, limit: 50, ...filters }, { token });
    if (res.statusCode !== 200) throw new Error(`alarm list: ${res.statusCode} ${res.body.message}`);
    return res.body.data;
  };
  return {
    h,
    clock,
    tokens,
    ids: { op: accounts.op.id, op2: accounts.op2.id, admin: accounts.admin.id, limited: accounts.limited.id },
    refs,
    alarms,
    actions,
    runIds,
    engineKey: key,
    call,
    alarmList: list,
    alarmCount: async (filters, token) => (await list(filters, token)).count,
    async runCount(filters, token = tokens.admin) {
      const res = await call<JobRunListResult>(
        JOB_RUN_API.list,
        { page: 1, limit: 10, ...filters },
        { token },
      );
      if (res.statusCode !== 200) throw new Error(`run list: ${res.statusCode} ${res.body.message}`);
      return res.body.data.count;
    },
    close: () => h.close(),
  };
}

/** Scene B in its own factory › area with its camera, and the second algorithm. */
async function secondScene(app: FastifyInstance, sceneA: number, areaA: number) {
  const [factory] = await app.db.insert(plantNode).values({ kind: 'factory', name: '化产厂' }).returning();
  if (!factory) throw new Error('factory');
  const [area] = await app.db
    .insert(plantNode)
    .values({ kind: 'area', name: '脱硫区', parentId: factory.id })
    .returning();
  if (!area) throw new Error('area');
  const [cam] = await app.db
    .insert(camera)
    .values({ name: '脱硫塔', code: 'CAM-B01', areaId: area.id })
    .returning();
  const [sc] = await app.db.insert(scene).values({ name: '脱硫巡检', areaId: area.id }).returning();
  const [smoke] = await app.db
    .insert(algorithm)
    .values({ code: 'smoke', name: '烟火检测', defaultLevel: 120002 })
    .returning();
  if (!cam || !sc || !smoke) throw new Error('fixtures');
  await app.db.insert(sceneCamera).values({ sceneId: sc.id, cameraId: cam.id });
  const [helmet] = await app.db.select({ id: algorithm.id }).from(algorithm).where(eqCode('helmet'));
  if (!helmet) throw new Error('helmet');
  return {
    sceneA,
    sceneB: sc.id,
    factoryB: factory.id,
    areaA,
    areaB: area.id,
    cameraB: cam.id,
    helmet: helmet.id,
    smoke: smoke.id,
  };
}

const eqCode = (code: string) => eq(algorithm.code, code);

/** Linear-interpolated percentile (as PostgreSQL's percentile_cont), to a tenth; null for no values. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] ?? 0;
  const b = sorted[hi] ?? 0;
  // Rounded to a tenth of a second, as the analyses answer.
  return Math.round((a + (b - a) * (pos - lo)) * 10) / 10;
}

/**
 * A job run reported late (through the engine API) into a closed day the world already has: a
 * completed run (state 3) in scene B, two days before BASE. Answers the HTTP status and body.
 */
export async function reportLateRun(w: HandlingWorld): Promise<{ statusCode: number; body: string }> {
  const res = await w.h.app.inject({
    method: 'POST',
    url: JOB_RUN_API.ingest,
    headers: { 'x-engine-key': w.engineKey },
    payload: {
      runId: 'late-report',
      sceneId: w.refs.sceneB,
      state: 3,
      startTime: iso(BASE - 48 * H + 5 * H),
    },
  });
  return { statusCode: res.statusCode, body: res.body };
}
