import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Detection, TRAINING_API, type TrainingJobItem, trainingJobItem } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';
import type { AppConfig } from '../../config.ts';
import {
  algorithm,
  dataset,
  datasetItem,
  datasetVersion,
  datasetVersionItem,
} from '../../db/schema/index.ts';
import { body, createAccount, login } from '../../test/helpers.ts';
import { createVersion, setLiveVersion } from '../algorithms/index.ts';

/** Fast timings for tests: epochs of 30 ms, leases of 0.6 s swept every 0.15 s. */
export function trainingConfig(
  dataDir: string,
  overrides: Partial<AppConfig['trainer']> = {},
): Partial<AppConfig> {
  return {
    dataDir,
    jobLease: { leaseMs: 600, renewMs: 100, sweepMs: 150 },
    trainer: {
      callbackUrl: 'http://127.0.0.1:1',
      demoEpochMs: 30,
      silenceMs: 60_000,
      artefactMaxBytes: 64 * 1024,
      pollMs: 50,
      ...overrides,
    },
  };
}

export const tempDataDir = () => mkdtempSync(join(tmpdir(), 'sentinel-training-'));
export const removeDir = (dir: string) => rmSync(dir, { recursive: true, force: true });

let seq = 0;
/** An instance with a live version 1 (metrics given) whose classes are `classes`. */
export async function createInstance(app: FastifyInstance, classes = ['helmet']) {
  seq += 1;
  const params = {
    sampleImage: '',
    zones: [],
    classes,
    thresholds: {},
    level: 120002 as const,
    schedule: [],
  };
  const [row] = await app.db
    .insert(algorithm)
    .values({ code: `train${seq}${Date.now().toString(36)}`, name: `Instance ${seq}`, params })
    .returning({ id: algorithm.id, name: algorithm.name });
  if (!row) throw new Error('instance not created');
  const mediaDir = join(app.appConfig.dataDir, 'media', 'models');
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(join(mediaDir, `base${row.id}.onnx`), Buffer.from(`ONNX base model ${row.id}`));
  const version = await createVersion(app.db, {
    algorithmId: row.id,
    modelId: null,
    artefact: `models/base${row.id}.onnx`,
    sha256: 'x'.repeat(64),
    sizeBytes: 20,
    params,
    metrics: {
      precision: 0.8,
      recall: 0.75,
      falsePositiveRate: 0.2,
      evaluatedOn: 'seed',
      evaluatedAt: new Date().toISOString(),
    },
    source: 'seed',
  });
  if (!version) throw new Error('version not created');
  await setLiveVersion(app.db, { algorithmId: row.id, versionId: version.id, action: 'seed' });
  return { ...row, liveVersionId: version.id };
}

/** A tiny real PNG (the trainer downloads images). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A dataset of the instance and one frozen version: `labelled` images with one box of each class, `negatives` without. */
export async function createDatasetVersion(
  app: FastifyInstance,
  algorithmId: number | null,
  options: { labelled?: number; negatives?: number; classes?: string[] } = {},
) {
  const { labelled = 18, negatives = 6, classes = ['helmet'] } = options;
  seq += 1;
  const [set] = await app.db
    .insert(dataset)
    .values({ name: `dataset ${seq} ${Date.now()}`, algorithmId, classes })
    .returning({ id: dataset.id });
  if (!set) throw new Error('dataset not created');
  const dir = join(app.appConfig.dataDir, 'media', 'dataset');
  mkdirSync(dir, { recursive: true });
  const items: { image: string; labels: Detection[] }[] = [];
  for (let i = 0; i < labelled + negatives; i += 1) {
    const image = `dataset/d${set.id}-${i}.png`;
    writeFileSync(join(app.appConfig.dataDir, 'media', image), PNG);
    const labels: Detection[] =
      i < labelled ? classes.map((cls, k) => ({ cls, box: [0.1 * k, 0.1, 0.2 + (i % 5) / 50, 0.3] })) : [];
    items.push({ image, labels });
  }
  const rows = await app.db
    .insert(datasetItem)
    .values(
      items.map((item, i) => ({
        datasetId: set.id,
        image: item.image,
        sha256: `${set.id}-${i}`,
        width: 1,
        height: 1,
        labels: item.labels,
        source: 'upload',
      })),
    )
    .returning({ id: datasetItem.id, labels: datasetItem.labels });
  const classCounts = Object.fromEntries(classes.map((cls) => [cls, labelled]));
  const [version] = await app.db
    .insert(datasetVersion)
    .values({ datasetId: set.id, number: 1, itemCount: rows.length, negatives, classCounts })
    .returning({ id: datasetVersion.id });
  if (!version) throw new Error('dataset version not created');
  await app.db
    .insert(datasetVersionItem)
    .values(rows.map((r) => ({ versionId: version.id, itemId: r.id, labels: r.labels })));
  return { datasetId: set.id, versionId: version.id };
}

/** An administrator's and a no-role account's tokens. */
export async function tokens(app: FastifyInstance) {
  const admin = await createAccount(app, { roles: ['admin'] });
  return {
    admin: await login(app, admin),
    nobody: await login(app, await createAccount(app, { roles: [] })),
  };
}

export async function getJob(app: FastifyInstance, token: string, id: number) {
  const res = await app.inject({ method: 'GET', url: TRAINING_API.detail(id), headers: { token } });
  return body<TrainingJobItem & { resultVersion: { metrics: unknown } | null }>(res).data;
}

/** Waits (polling the API) until the job satisfies `check`. */
export async function waitForJob(
  app: FastifyInstance,
  token: string,
  id: number,
  check: (job: TrainingJobItem) => boolean,
  timeout = 15_000,
) {
  return vi.waitFor(
    async () => {
      const job = await getJob(app, token, id);
      if (!check(job))
        throw new Error(`job ${id} is ${JSON.stringify({ state: job.state, epoch: job.epoch })}`);
      return job;
    },
    { timeout, interval: 25 },
  );
}

export async function startJob(
  app: FastifyInstance,
  token: string,
  algorithmId: number,
  datasetVersionId: number,
  epochs = 5,
) {
  const res = await app.inject({
    method: 'PUT',
    url: TRAINING_API.create,
    headers: { token },
    payload: { algorithmId, datasetVersionId, epochs },
  });
  if (res.statusCode !== 200) throw new Error(`job not created: ${res.body}`);
  return body<TrainingJobItem>(res).data;
}

/**
 * A forbidden change: 409 whose data is the job exactly as the API shows it now (every field of
 * the list item, the detail's extras left out), and that state.
 */
export async function expectRefusedAsIs(
  app: FastifyInstance,
  token: string,
  res: { status: number; json: unknown },
  id: number,
  state: number,
) {
  expect(res.status).toBe(409);
  const now = trainingJobItem.parse(await getJob(app, token, id));
  expect(now.state).toBe(state);
  expect((res.json as { data: { job: TrainingJobItem } }).data.job).toEqual(now);
  return now;
}

/** `app.inject`'s answer in the shape expectRefusedAsIs takes. */
export const injected = (res: { statusCode: number; body: string }) => ({
  status: res.statusCode,
  json: JSON.parse(res.body) as unknown,
});
