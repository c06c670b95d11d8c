import { existsSync } from 'node:fs';
import {
  type DraftItem,
  type draftStep1,
  type draftStep2,
  type draftStep3,
  instanceParams,
  SAMPLE_DIR,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { InstanceParams } from '../../db/schema/index.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { mediaRoot, removeMedia, resolveMediaPath } from '../../platform/media.ts';
import { createVersion, setLiveVersion } from '../algorithms/index.ts';
import { toDraftItem } from './items.ts';
import {
  type AlgorithmRow,
  deleteDraft,
  EMPTY_PARAMS,
  findAlgorithm,
  findModel,
  heldSampleImages,
  insertDraft,
  type ModelRow,
  updateDraft,
  versionNumber,
} from './repo.ts';

/**
 * The instance wizard's rules (issue 13 §2): a draft algorithm (`draft`, `wizard_step` = the step to
 * fill next, `params`) saved at every step; a step is accepted only after the ones before it; the
 * confirmation makes it an instance with version 1 live. A draft is never offered to scenes or
 * engines (algorithms repo, ingest refs).
 */

type Step1 = z.output<typeof draftStep1>;
type Step2 = z.output<typeof draftStep2>;
type Step3 = z.output<typeof draftStep3>;
export interface Actor {
  id: number;
  name: string;
}

const SAMPLE_PATH = new RegExp(`^${SAMPLE_DIR}/[0-9a-f]{24}\\.(jpg|png)$`);
const field = (name: string, message: Parameters<typeof badRequest>[0]) =>
  badRequest(message, [{ field: name, message }]);

export async function draftItemOf(app: FastifyInstance, row: AlgorithmRow): Promise<DraftItem> {
  const model = row.modelId === null ? undefined : await findModel(app.db, row.modelId);
  return toDraftItem(row, model, await versionNumber(app.db, row.liveVersionId));
}

/** The algorithm behind a wizard URL: 404 unknown; 409 with the record when it is no draft. */
async function draftOrConflict(app: FastifyInstance, id: number): Promise<AlgorithmRow> {
  const row = await findAlgorithm(app.db, id);
  if (!row) throw notFound();
  if (!row.draft) throw new AppError(409, 'aiInstance.notDraft', await draftItemOf(app, row));
  return row;
}

async function checkStep1(app: FastifyInstance, body: Step1): Promise<ModelRow> {
  const model = await findModel(app.db, body.modelId);
  if (!model) throw field('modelId', 'field.invalid');
  if (!body.classes.every((c) => model.classes.includes(c)))
    throw field('classes', 'aiInstance.classUnknown');
  if (!body.sampleImage) throw field('sampleImage', 'aiInstance.sampleRequired');
  const file = SAMPLE_PATH.test(body.sampleImage)
    ? resolveMediaPath(mediaRoot(app), body.sampleImage)
    : undefined;
  if (!file || !existsSync(file)) throw field('sampleImage', 'image.type');
  return model;
}

/** Step 1's params: kept thresholds of kept classes, 0.5 for new ones. */
function step1Params(previous: InstanceParams, body: Step1): InstanceParams {
  const thresholds = Object.fromEntries(body.classes.map((c) => [c, previous.thresholds[c] ?? 0.5]));
  return { ...previous, sampleImage: body.sampleImage, zones: body.zones, classes: body.classes, thresholds };
}

const paramsOf = (row: AlgorithmRow): InstanceParams => ({ ...EMPTY_PARAMS, ...(row.params ?? {}) });

/** Removes a sample image no algorithm or version holds any more. */
async function dropSample(app: FastifyInstance, path: string): Promise<void> {
  if (!path || !SAMPLE_PATH.test(path)) return;
  if ((await heldSampleImages(app.db, [path])).has(path)) return;
  await removeMedia(app, path);
}

export async function createDraft(app: FastifyInstance, body: Step1): Promise<AlgorithmRow> {
  const model = await checkStep1(app, body);
  return guardWrite(
    () =>
      insertDraft(app.db, {
        code: body.code,
        name: body.name,
        model: `${model.name} ${model.version}`,
        instance: body.code,
        levels: [EMPTY_PARAMS.level],
        defaultLevel: EMPTY_PARAMS.level,
        modelId: model.id,
        draft: true,
        wizardStep: 2,
        params: step1Params(EMPTY_PARAMS, body),
      }),
    { duplicate: 'aiInstance.duplicateCode' },
  );
}

export async function saveStep(
  app: FastifyInstance,
  id: number,
  body: Step1 | Step2 | Step3,
): Promise<AlgorithmRow> {
  const row = await draftOrConflict(app, id);
  const params = paramsOf(row);
  const incomplete = async () => new AppError(409, 'aiInstance.incomplete', await draftItemOf(app, row));
  let values: Partial<AlgorithmRow>;
  if (body.step === 1) {
    const model = await checkStep1(app, body);
    values = {
      code: body.code,
      name: body.name,
      instance: body.code,
      model: `${model.name} ${model.version}`,
      modelId: model.id,
      params: step1Params(params, body),
      wizardStep: Math.max(row.wizardStep, 2),
    };
  } else if (body.step === 2) {
    if (row.wizardStep < 2) throw await incomplete();
    const keys = Object.keys(body.thresholds);
    if (keys.some((k) => !params.classes.includes(k))) throw field('thresholds', 'aiInstance.classUnknown');
    if (params.classes.some((c) => body.thresholds[c] === undefined))
      throw field('thresholds', 'aiInstance.threshold');
    values = {
      params: { ...params, thresholds: body.thresholds, level: body.level },
      levels: [body.level],
      defaultLevel: body.level,
      wizardStep: Math.max(row.wizardStep, 3),
    };
  } else {
    if (row.wizardStep < 3) throw await incomplete();
    if (body.schedule.some((w) => w.start === w.end)) throw field('schedule', 'field.invalid');
    values = { params: { ...params, schedule: body.schedule }, wizardStep: Math.max(row.wizardStep, 4) };
  }
  const saved = await guardWrite(() => updateDraft(app.db, id, values), {
    duplicate: 'aiInstance.duplicateCode',
  });
  if (!saved) throw new AppError(409, 'aiInstance.notDraft', await draftItemOf(app, row));
  if (body.step === 1 && params.sampleImage !== body.sampleImage) await dropSample(app, params.sampleImage);
  return saved;
}

/** Deletes a draft and its sample image (never an instance: 409 with the record). */
export async function discardDraft(app: FastifyInstance, id: number): Promise<AlgorithmRow> {
  await draftOrConflict(app, id);
  const removed = await deleteDraft(app.db, id);
  if (!removed) return draftOrConflict(app, id);
  await dropSample(app, paramsOf(removed).sampleImage);
  return removed;
}

/** Step 4: the draft becomes an instance with version 1 (the model's file, the params), live. */
export async function confirmDraft(app: FastifyInstance, id: number, actor: Actor) {
  const row = await draftOrConflict(app, id);
  if (row.wizardStep < 4) throw new AppError(409, 'aiInstance.incomplete', await draftItemOf(app, row));
  const params = instanceParams.safeParse(paramsOf(row));
  const model = row.modelId === null ? undefined : await findModel(app.db, row.modelId);
  if (!params.success || !model)
    throw new AppError(409, 'aiInstance.incomplete', await draftItemOf(app, row));
  // Taken out of draft first: a second confirmation finds no draft (409), never a second version.
  const taken = await updateDraft(app.db, id, { draft: false, wizardStep: 0 });
  if (!taken) throw new AppError(409, 'aiInstance.notDraft', await draftItemOf(app, row));
  const version = await createVersion(app.db, {
    algorithmId: id,
    modelId: model.id,
    artefact: model.file,
    sha256: model.sha256,
    sizeBytes: model.sizeBytes,
    params: params.data,
    source: 'wizard',
    note: 'instance wizard',
    actor,
  });
  if (!version) throw notFound();
  await setLiveVersion(app.db, { algorithmId: id, versionId: version.id, action: 'publish', actor });
  return { row: taken, version };
}
