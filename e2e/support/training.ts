import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** A 1×1 PNG (dataset images are only read by an external trainer). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface TrainingFixture {
  instanceId: number;
  instanceName: string;
  datasetVersionId: number;
}

/**
 * Writes an algorithm instance with a live version 1 (metrics) and a dataset of that instance with
 * one frozen version (`labelled` helmet boxes, `negatives` empty images) straight into a stopped
 * server's embedded database (DATA_DIR/pglite): the datasets' own pages are another part's.
 */
export async function seedTrainingData(
  dataDir: string,
  name: string,
  options: { labelled?: number; negatives?: number } = {},
): Promise<TrainingFixture> {
  const { labelled = 24, negatives = 16 } = options;
  const db = new PGlite(join(dataDir, 'pglite'));
  try {
    const params = {
      sampleImage: '',
      zones: [],
      classes: ['helmet'],
      thresholds: {},
      level: 120002,
      schedule: [],
    };
    const metrics = {
      precision: 0.8,
      recall: 0.75,
      falsePositiveRate: 0.2,
      evaluatedOn: 'seed',
      evaluatedAt: new Date().toISOString(),
    };
    const one = async <T>(text: string, values: unknown[]) => {
      const row = (await db.query<T>(text, values)).rows[0];
      if (!row) throw new Error(`no row: ${text}`);
      return row;
    };
    const instance = await one<{ id: number }>(
      'INSERT INTO algorithm (code, name, params) VALUES ($1, $2, $3) RETURNING id',
      [`e2e-${name}-${Date.now()}`, name, JSON.stringify(params)],
    );
    const version = await one<{ id: number }>(
      `INSERT INTO algorithm_version (algorithm_id, number, artefact, sha256, size_bytes, params, metrics, source)
       VALUES ($1, 1, '', $2, 0, $3, $4, 'seed') RETURNING id`,
      [instance.id, '0'.repeat(64), JSON.stringify(params), JSON.stringify(metrics)],
    );
    await db.query('UPDATE algorithm SET live_version_id = $1 WHERE id = $2', [version.id, instance.id]);
    const dataset = await one<{ id: number }>(
      `INSERT INTO dataset (name, algorithm_id, classes) VALUES ($1, $2, '["helmet"]') RETURNING id`,
      [`${name} dataset`, instance.id],
    );
    mkdirSync(join(dataDir, 'media', 'dataset'), { recursive: true });
    const items: { id: number; labels: string }[] = [];
    for (let i = 0; i < labelled + negatives; i += 1) {
      const image = `dataset/e2e-${dataset.id}-${i}.png`;
      writeFileSync(join(dataDir, 'media', image), PNG);
      const labels = JSON.stringify(i < labelled ? [{ cls: 'helmet', box: [0.1, 0.1, 0.2, 0.3] }] : []);
      const item = await one<{ id: number }>(
        `INSERT INTO dataset_item (dataset_id, image, sha256, width, height, labels, source)
         VALUES ($1, $2, $3, 1, 1, $4, 'upload') RETURNING id`,
        [dataset.id, image, `${dataset.id}-${i}`, labels],
      );
      items.push({ id: item.id, labels });
    }
    const frozen = await one<{ id: number }>(
      `INSERT INTO dataset_version (dataset_id, number, item_count, negatives, class_counts)
       VALUES ($1, 1, $2, $3, $4) RETURNING id`,
      [dataset.id, items.length, negatives, JSON.stringify({ helmet: labelled })],
    );
    for (const item of items) {
      await db.query('INSERT INTO dataset_version_item (version_id, item_id, labels) VALUES ($1, $2, $3)', [
        frozen.id,
        item.id,
        item.labels,
      ]);
    }
    return { instanceId: instance.id, instanceName: name, datasetVersionId: frozen.id };
  } finally {
    await db.close();
  }
}
