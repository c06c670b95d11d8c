import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { algorithm, camera, plantNode, scene, sceneCamera } from '../../db/schema/index.ts';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
} from '../../test/helpers.ts';

export interface UploadFile {
  field: string;
  data: Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body with text fields and any number of files, for app.inject. */
export function multipartBody(
  fields: Record<string, string>,
  files: UploadFile[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sentinel${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${
          file.filename ?? 'image.jpg'
        }"\r\nContent-Type: ${file.contentType ?? 'image/jpeg'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest MP4-looking buffer: an `ftyp` box then padding. */
export const fakeMp4 = (size = 64) => {
  const buffer = Buffer.alloc(size);
  buffer.writeUInt32BE(24, 0);
  buffer.write('ftypisom', 4, 'latin1');
  return buffer;
};

export interface IngestHarness {
  app: FastifyInstance;
  tdb: TestDatabase;
  admin: string;
  operator: string;
  dataDir: string;
  refs: {
    factoryId: number;
    areaId: number;
    cameraId: number;
    sceneId: number;
    algorithmId: number;
  };
  close(): Promise<void>;
}

/** A test app with its own media directory, an admin, an operator and one factory › area, camera, scene, algorithm. */
export async function ingestHarness(
  backend: Backend,
  overrides: Partial<AppConfig> = {},
): Promise<IngestHarness> {
  const tdb = await createTestDatabase(backend);
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-ingest-'));
  const app = await buildTestApp(tdb, { dataDir, ...overrides });
  const admin = await login(app, await createAccount(app, { roles: ['admin'] }));
  const operator = await login(app, await createAccount(app, { roles: ['operator'] }));
  const [factory] = await app.db.insert(plantNode).values({ kind: 'factory', name: '焦化厂' }).returning();
  if (!factory) throw new Error('no factory');
  const [plant] = await app.db
    .insert(plantNode)
    .values({ kind: 'plant', name: '炼焦车间', parentId: factory.id })
    .returning();
  if (!plant) throw new Error('no plant');
  const [area] = await app.db
    .insert(plantNode)
    .values({ kind: 'area', name: '1号焦炉', parentId: plant.id })
    .returning();
  if (!area) throw new Error('no area');
  const [cam] = await app.db
    .insert(camera)
    .values({ name: '焦炉顶部摄像头', code: 'CAM-T01', areaId: area.id })
    .returning();
  const [sc] = await app.db.insert(scene).values({ name: '焦炉巡检', areaId: area.id }).returning();
  const [alg] = await app.db
    .insert(algorithm)
    .values({ code: 'helmet', name: '未戴安全帽', defaultLevel: 120003 })
    .returning();
  if (!cam || !sc || !alg) throw new Error('fixtures not created');
  await app.db.insert(sceneCamera).values({ sceneId: sc.id, cameraId: cam.id });
  return {
    app,
    tdb,
    admin,
    operator,
    dataDir,
    refs: { factoryId: factory.id, areaId: area.id, cameraId: cam.id, sceneId: sc.id, algorithmId: alg.id },
    async close() {
      await app.close();
      await tdb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
