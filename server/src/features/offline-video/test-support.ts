import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { OFFLINE_VIDEO_API, type OfflineAnalysisItem, type OfflineUpload } from '@sentinel/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { algorithm } from '../../db/schema/index.ts';
import {
  type Backend,
  body,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestAccount,
  type TestDatabase,
} from '../../test/helpers.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createEngine } from '../engines/routes.ts';

const repoRoot = resolve(import.meta.dirname, '../../../..');
/** A real H.264 MP4 (the playback browser test's fixture) and a bundled demo FLV. */
export const realMp4 = () => readFileSync(join(repoRoot, 'e2e/fixtures/playback-clip.mp4'));
export const realFlv = () => readFileSync(join(repoRoot, 'server/assets/demo-clips/conveyor.flv'));

export interface OfflineHarness {
  app: FastifyInstance;
  tdb: TestDatabase;
  dataDir: string;
  admin: string;
  adminAccount: TestAccount;
  operator: string;
  operatorAccount: TestAccount;
  /** An account without any role (no page, no buttons). */
  nobody: string;
  algorithms: { helmet: number; smoke: number };
  engineKey: string;
  otherEngineKey: string;
  upload(token: string, data: Buffer, filename?: string, lang?: string): Promise<LightMyRequestResponse>;
  /** Uploads the real MP4 as admin and starts an analysis of it. */
  startFileAnalysis(name?: string, algorithmIds?: number[]): Promise<OfflineAnalysisItem>;
  close(): Promise<void>;
}

export async function offlineHarness(
  backend: Backend,
  overrides: Partial<AppConfig> = {},
): Promise<OfflineHarness> {
  const tdb = await createTestDatabase(backend);
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-offline-'));
  const app = await buildTestApp(tdb, { dataDir, ...overrides });
  const adminAccount = await createAccount(app, { roles: ['admin'] });
  const operatorAccount = await createAccount(app, { roles: ['operator'] });
  const admin = await login(app, adminAccount);
  const operator = await login(app, operatorAccount);
  const nobody = await login(app, await createAccount(app, { roles: [] }));
  const [helmet, smoke] = await app.db
    .insert(algorithm)
    .values([
      { code: 'helmet', name: '未戴安全帽' },
      { code: 'smoke', name: '吸烟' },
    ])
    .returning({ id: algorithm.id });
  if (!helmet || !smoke) throw new Error('algorithms not created');
  const engineKey = (await createEngine(app.db, 'offline-engine-a')).key;
  const otherEngineKey = (await createEngine(app.db, 'offline-engine-b')).key;

  const upload: OfflineHarness['upload'] = (token, data, filename = 'clip.mp4', lang = 'en') => {
    const form = multipartFile(data, { filename, contentType: 'video/mp4' });
    return app.inject({
      method: 'POST',
      url: OFFLINE_VIDEO_API.upload,
      headers: { token, lang, ...form.headers },
      payload: form.payload,
    });
  };
  return {
    app,
    tdb,
    dataDir,
    admin,
    adminAccount,
    operator,
    operatorAccount,
    nobody,
    algorithms: { helmet: helmet.id, smoke: smoke.id },
    engineKey,
    otherEngineKey,
    upload,
    async startFileAnalysis(name = '焦炉录像', algorithmIds = [helmet.id, smoke.id]) {
      const uploaded = await upload(admin, realMp4());
      const file = body<OfflineUpload>(uploaded).data;
      const res = await app.inject({
        method: 'PUT',
        url: OFFLINE_VIDEO_API.create,
        headers: { token: admin },
        payload: { name, fileId: file.fileId, algorithmIds },
      });
      if (res.statusCode !== 200) throw new Error(`analysis not started: ${res.body}`);
      return body<OfflineAnalysisItem>(res).data;
    },
    async close() {
      await app.close();
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
