import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Envelope, HISTORY_API } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import {
  account,
  accountScene,
  camera,
  dcsPoint,
  historyAssignment,
  plantNode,
  scene,
  sceneCamera,
} from '../../db/schema/index.ts';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestAccount,
  type TestDatabase,
} from '../../test/helpers.ts';
import { multipartBody, type UploadFile } from '../alarms/ingest-test-support.ts';
import { createEngine } from '../engines/routes.ts';

export interface HistoryHarness {
  app: FastifyInstance;
  engineKey: string;
  engineId: number;
  jpeg: Buffer;
  tokens: { admin: string; operator: string; operator2: string; nobody: string; limited: string };
  /** The two operators' accounts (id and login name), to check who processed what. */
  accounts: { operator: TestAccount; operator2: TestAccount };
  refs: {
    areaA: number;
    areaB: number;
    sceneA: number;
    sceneB: number;
    cameraA: number;
    cameraB: number;
    jobId: number;
  };
  /** A user call (admin unless another token is given). */
  call<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    token?: string,
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  ingestEvent(
    fields: Record<string, string>,
    files?: UploadFile[],
    key?: string | null,
  ): Promise<{ statusCode: number; body: Envelope<{ id: number; duplicate: boolean } | null> }>;
  ingestDcs(
    payload: Record<string, unknown>,
    key?: string | null,
  ): Promise<{ statusCode: number; body: Envelope<{ id: number; duplicate: boolean } | null> }>;
  close(): Promise<void>;
}

/**
 * A test app with its media directory, an engine key, two areas each with a scene and camera,
 * DCS points 'TI-A.PV' (area A) and 'PI-B.PV' (area B), a job run, and accounts: admin,
 * two operators, one without pages, and one limited to scene A (all_scenes=false + a grant).
 */
export async function historyHarness(backend: Backend): Promise<HistoryHarness> {
  const tdb: TestDatabase = await createTestDatabase(backend);
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-history-'));
  const app = await buildTestApp(tdb, { dataDir });
  const node = async (name: string, kind: string, parentId: number | null) => {
    const [row] = await app.db.insert(plantNode).values({ name, kind, parentId }).returning();
    if (!row) throw new Error('plant node');
    return row.id;
  };
  const factory = await node('焦化厂', 'factory', null);
  const plant = await node('炼焦车间', 'plant', factory);
  const areaA = await node('1号炉区', 'area', plant);
  const areaB = await node('罐区', 'area', plant);
  const place = async (sceneName: string, code: string, areaId: number) => {
    const [sc] = await app.db.insert(scene).values({ name: sceneName, areaId }).returning();
    const [cam] = await app.db
      .insert(camera)
      .values({ name: `${code} 摄像头`, code, areaId })
      .returning();
    if (!sc || !cam) throw new Error('scene/camera');
    await app.db.insert(sceneCamera).values({ sceneId: sc.id, cameraId: cam.id });
    return { sceneId: sc.id, cameraId: cam.id };
  };
  const a = await place('焦炉巡检', 'CAM-A', areaA);
  const b = await place('罐区巡检', 'CAM-B', areaB);
  await app.db.insert(dcsPoint).values([
    { tag: 'TI-A.PV', name: '集气管温度', unit: '℃', areaId: areaA, lowLimit: 75, highLimit: 95 },
    { tag: 'PI-B.PV', name: '储罐压力', unit: 'kPa', areaId: areaB, lowLimit: 10, highLimit: 80 },
  ]);
  const [job] = await app.db
    .insert(historyAssignment)
    .values({ jobName: '动火作业', sceneId: a.sceneId, sceneName: '焦炉巡检' })
    .returning();
  if (!job) throw new Error('job');

  const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
  const operatorAccount = await createAccount(app, { roles: ['operator'] });
  const operator2Account = await createAccount(app, { roles: ['operator'] });
  const operator = await login(app, operatorAccount);
  const operator2 = await login(app, operator2Account);
  const nobody = await login(app, await createAccount(app, { roles: [] }));
  const limitedAccount = await createAccount(app, { roles: ['operator'] });
  await app.db.update(account).set({ allScenes: false }).where(eq(account.id, limitedAccount.id));
  await app.db.insert(accountScene).values({ accountId: limitedAccount.id, sceneId: a.sceneId });
  const limited = await login(app, limitedAccount);

  const created = await createEngine(app.db, 'history-test-engine');
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a5a5a' } })
    .jpeg()
    .toBuffer();

  const harness: HistoryHarness = {
    app,
    engineKey: created.key,
    engineId: created.row.id,
    jpeg,
    tokens: { admin, operator, operator2, nobody, limited },
    accounts: { operator: operatorAccount, operator2: operator2Account },
    refs: {
      areaA,
      areaB,
      ...{ sceneA: a.sceneId, cameraA: a.cameraId },
      sceneB: b.sceneId,
      cameraB: b.cameraId,
      jobId: job.id,
    },
    async call(method, url, payload, token) {
      const res = await app.inject({
        method,
        url,
        headers: { token: token ?? admin, lang: 'en' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async ingestEvent(fields, files, key = created.key) {
      const { payload, headers } = multipartBody(fields, files ?? [{ field: 'image', data: jpeg }]);
      const res = await app.inject({
        method: 'POST',
        url: HISTORY_API.ingestEvent,
        headers: { ...headers, lang: 'en', ...(key === null ? {} : { 'x-engine-key': key }) },
        payload,
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async ingestDcs(payload, key = created.key) {
      const res = await app.inject({
        method: 'POST',
        url: HISTORY_API.ingestDcsAlarm,
        headers: { lang: 'en', ...(key === null ? {} : { 'x-engine-key': key }) },
        payload: payload as object,
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}
