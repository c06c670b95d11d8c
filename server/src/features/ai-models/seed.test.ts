import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ModelFormat } from '@sentinel/contract';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  aiModel,
  algorithm,
  algorithmDeployment,
  algorithmVersion,
  videoAlarm,
} from '../../db/schema/index.ts';
import { backends, useTestApp } from '../../test/helpers.ts';
import { checkModelFile } from './model-check.ts';

describe.each(backends)('the demo model catalogue on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-models-seed-'));
  const t = useTestApp(backend, { demoData: true, dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seeds builtin models whose files pass the content check and match their sha256', async () => {
    const models = await t.app.db.select().from(aiModel);
    expect(models.length).toBeGreaterThanOrEqual(10);
    expect(models.every((m) => m.builtin)).toBe(true);
    expect(new Set(models.map((m) => m.format))).toEqual(
      new Set(['onnx', 'tflite', 'torchscript', 'openvino']),
    );
    for (const model of models) {
      const file = join(dataDir, 'media', model.file);
      expect((await checkModelFile(file, model.format as ModelFormat)).ok, model.name).toBe(true);
      const data = readFileSync(file);
      expect(data.length).toBe(model.sizeBytes);
      expect(createHash('sha256').update(data).digest('hex')).toBe(model.sha256);
    }
  });

  it('links every seeded algorithm to a model with version 1 live, and stamps the seeded alarms', async () => {
    const algorithms = await t.app.db.select().from(algorithm);
    expect(algorithms.length).toBeGreaterThan(0);
    for (const alg of algorithms) {
      expect(alg.modelId, alg.code).not.toBeNull();
      const [live] = await t.app.db
        .select()
        .from(algorithmVersion)
        .where(eq(algorithmVersion.id, alg.liveVersionId ?? 0));
      expect(live).toMatchObject({ number: 1, source: 'seed', modelId: alg.modelId });
      expect(live?.metrics?.evaluatedOn).toBe('vendor benchmark (demo)');
      expect(live?.params.level).toBe(alg.defaultLevel);
    }
    const [deployments] = await t.app.db
      .select({ n: count() })
      .from(algorithmDeployment)
      .where(eq(algorithmDeployment.action, 'seed'));
    expect(Number(deployments?.n)).toBe(algorithms.length);
    const [stamped] = await t.app.db
      .select({ n: count() })
      .from(videoAlarm)
      .where(isNotNull(videoAlarm.algorithmVersionId));
    const [unstamped] = await t.app.db
      .select({ n: count() })
      .from(videoAlarm)
      .where(and(isNotNull(videoAlarm.algorithmId), isNull(videoAlarm.algorithmVersionId)));
    expect(Number(stamped?.n)).toBeGreaterThan(0);
    expect(Number(unstamped?.n)).toBe(0);
  });
});
