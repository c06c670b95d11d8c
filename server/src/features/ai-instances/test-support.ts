import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VersionMetrics } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import {
  algorithm,
  camera,
  detectionZone,
  plantNode,
  scene,
  sceneCamera,
  sceneCameraAlgorithm,
} from '../../db/schema/index.ts';
import { createVersion } from '../algorithms/index.ts';

/** Test data of the instance library: algorithms, versions with metrics, where they run. */

export const PARAMS = {
  sampleImage: '',
  zones: [],
  classes: ['helmet'],
  thresholds: { helmet: 0.5 },
  level: 120002,
  schedule: [],
};

export const metrics = (falsePositiveRate: number | null): VersionMetrics | null =>
  falsePositiveRate === null
    ? null
    : {
        precision: 0.9,
        recall: 0.8,
        falsePositiveRate,
        evaluatedOn: 'false-alarm set v1 (40 images)',
        evaluatedAt: '2026-11-01T00:00:00.000Z',
      };

let counter = 0;
const tag = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function newInstance(app: FastifyInstance, options: { draft?: boolean; name?: string } = {}) {
  const code = `inst-${tag()}`;
  const [row] = await app.db
    .insert(algorithm)
    .values({ code, name: options.name ?? code, draft: options.draft ?? false })
    .returning();
  if (!row) throw new Error('algorithm');
  return row;
}

/**
 * A training version with this false-positive rate (null: no metrics); with `dataDir` its artefact
 * is a real file under the media directory.
 */
export async function newVersion(
  app: FastifyInstance,
  algorithmId: number,
  falsePositiveRate: number | null,
  dataDir?: string,
) {
  const content = Buffer.from(`artefact ${tag()}`);
  const artefact = `ai-artefacts/${tag()}.onnx`;
  if (dataDir) {
    mkdirSync(join(dataDir, 'media', 'ai-artefacts'), { recursive: true });
    writeFileSync(join(dataDir, 'media', artefact), content);
  }
  const row = await createVersion(app.db, {
    algorithmId,
    modelId: null,
    artefact,
    sha256: createHash('sha256').update(content).digest('hex'),
    sizeBytes: content.length,
    params: PARAMS,
    metrics: metrics(falsePositiveRate),
    source: 'training',
    actor: { id: null, name: 'trainer' },
  });
  if (!row) throw new Error('version');
  return { ...row, content };
}

/** A scene camera running `algorithmId` (enabled or not), with one zone. */
export async function runOnCamera(app: FastifyInstance, algorithmId: number, enabled = true) {
  const t = tag();
  const [area] = await app.db
    .insert(plantNode)
    .values({ name: `Area ${t}`, kind: 'area' })
    .returning();
  if (!area) throw new Error('area');
  const [sc] = await app.db
    .insert(scene)
    .values({ name: `Scene ${t}`, areaId: area.id })
    .returning();
  const [cam] = await app.db
    .insert(camera)
    .values({ name: `Camera ${t}`, code: `CAM-${t}`, areaId: area.id })
    .returning();
  if (!sc || !cam) throw new Error('scene or camera');
  const [link] = await app.db.insert(sceneCamera).values({ sceneId: sc.id, cameraId: cam.id }).returning();
  if (!link) throw new Error('scene camera');
  const [sca] = await app.db
    .insert(sceneCameraAlgorithm)
    .values({ sceneCameraId: link.id, algorithmId, level: 120003, enabled })
    .returning();
  if (!sca) throw new Error('camera algorithm');
  await app.db.insert(detectionZone).values({
    sceneCameraAlgorithmId: sca.id,
    name: 'Gate',
    points: [
      [0.1, 0.1],
      [0.9, 0.1],
      [0.5, 0.9],
    ],
  });
  return { sceneId: sc.id, cameraId: cam.id, cameraCode: cam.code, sceneCameraAlgorithmId: sca.id };
}
