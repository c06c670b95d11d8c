import { z } from 'zod';
import { TRAINING_STATE, versionMetrics } from './ai-common.ts';
import { idNumber, pageQuery, recordId } from './validators.ts';

/**
 * Retraining an algorithm instance (issue 13 §5–6): the wizard's calls (user session, page
 * AlgorithmInstanceLibrary) and the trainer contract (an external trainer at TRAINER_URL, calling
 * back with an engine key `x-engine-key`, like the alarm ingest).
 *
 * Trainer contract: the product POSTs `trainerJob` to `{TRAINER_URL}/jobs` (any 2xx accepts it);
 * the trainer downloads the dataset manifest, the images and the base artefact from the URLs in
 * it, then calls back under `callbackBase`: `progress`, `log`, and at the end `artefact`
 * (multipart: `file` the new artefact, `metrics` a JSON field; it completes the job with a new
 * version) or `fail` ({ reason }). The first engine that calls back for a job owns it; another
 * engine's calls answer 403, a job not handed to a trainer 404, a job not in training 409.
 */
const BASE = '/api/v2/backend/training';
const TRAINER = '/api/v2/backend/ingest/training';
export const TRAINING_API = {
  /** GET → what step 1 needs: the instance, its live version, its datasets with frozen versions. */
  instance: (algorithmId: number) => `${BASE}/instance/${algorithmId}`,
  /** POST { algorithmId, datasetVersionId } → what changed since the last training, the minimum check. */
  preview: `${BASE}/preview`,
  /** PUT { algorithmId, datasetVersionId, epochs } → the new job (not started, queued). */
  create: `${BASE}/job`,
  /** POST { page, limit, algorithmId? } → { list, count }. */
  list: `${BASE}/job/list`,
  /** GET → one job with its result and the live version's metrics. */
  detail: (id: number) => `${BASE}/job/${id}`,
  /** GET ?after=<log id> → the job's log lines after that one (at most 500). */
  log: (id: number) => `${BASE}/job/${id}/log`,
  /** POST → terminated (from not started or in training; otherwise 409 with the job). */
  terminate: (id: number) => `${BASE}/job/${id}/terminate`,
  /** The trainer's side (x-engine-key). */
  trainerDataset: (id: number) => `${TRAINER}/${id}/dataset`,
  trainerImage: (id: number, itemId: number) => `${TRAINER}/${id}/image/${itemId}`,
  trainerBase: (id: number) => `${TRAINER}/${id}/base`,
  trainerProgress: (id: number) => `${TRAINER}/${id}/progress`,
  trainerLog: (id: number) => `${TRAINER}/${id}/log`,
  trainerArtefact: (id: number) => `${TRAINER}/${id}/artefact`,
  trainerFail: (id: number) => `${TRAINER}/${id}/fail`,
} as const;

/** The minimum to train (SPEC §5 "refuse below a minimum"): images, and boxes of every class. */
export const TRAINING_MIN_IMAGES = 20;
export const TRAINING_MIN_BOXES_PER_CLASS = 1;
export const TRAINING_MAX_EPOCHS = 200;
/** Largest artefact a trainer may upload. */
export const TRAINING_ARTEFACT_MAX_BYTES = 64 * 1024 * 1024;

export const trainingState = z.union([
  z.literal(TRAINING_STATE.notStarted),
  z.literal(TRAINING_STATE.training),
  z.literal(TRAINING_STATE.completed),
  z.literal(TRAINING_STATE.error),
  z.literal(TRAINING_STATE.terminated),
]);

export const trainingIdParams = z.object({ id: recordId('field.invalid') });
export const trainingItemParams = z.object({
  id: recordId('field.invalid'),
  itemId: recordId('field.invalid'),
});
export const trainingInstanceParams = z.object({ algorithmId: recordId('field.invalid') });

const versionBrief = z.object({
  id: z.number().int(),
  number: z.number().int(),
  metrics: versionMetrics.nullable(),
  createdAt: z.string(),
});
export type VersionBrief = z.infer<typeof versionBrief>;

export const datasetVersionBrief = z.object({
  id: z.number().int(),
  datasetId: z.number().int(),
  datasetName: z.string(),
  number: z.number().int(),
  itemCount: z.number().int(),
  negatives: z.number().int(),
  classCounts: z.record(z.string(), z.number()),
  createdAt: z.string(),
});
export type DatasetVersionBrief = z.infer<typeof datasetVersionBrief>;

export const trainingInstance = z.object({
  id: z.number().int(),
  name: z.string(),
  classes: z.array(z.string()),
  liveVersion: versionBrief.nullable(),
  /** This instance's datasets' frozen versions, newest first. */
  datasetVersions: z.array(datasetVersionBrief),
  /** 'builtin' (the simulated demo trainer) or 'external'. */
  trainer: z.enum(['builtin', 'external']),
});
export type TrainingInstance = z.infer<typeof trainingInstance>;

export const trainingPreviewBody = z.object({
  algorithmId: idNumber('field.required'),
  datasetVersionId: idNumber('field.required'),
});
export type TrainingPreviewBody = z.infer<typeof trainingPreviewBody>;

const countChange = z.object({ now: z.number().int(), before: z.number().int() });
export const trainingPreview = z.object({
  datasetVersion: datasetVersionBrief,
  /** The dataset version of this instance's last completed training (null: never trained). */
  lastTraining: z.object({ jobId: z.number().int(), datasetVersion: datasetVersionBrief }).nullable(),
  images: countChange,
  negatives: countChange,
  /** Boxes per trained class, now and at the last training. */
  classes: z.array(countChange.extend({ cls: z.string() })),
  /** What is below the minimum (message codes with their values); empty: trainable. */
  problems: z.array(z.object({ code: z.string(), cls: z.string().optional(), min: z.number().int() })),
});
export type TrainingPreview = z.infer<typeof trainingPreview>;

export const trainingCreateBody = trainingPreviewBody.extend({
  epochs: z.coerce
    .number({ error: 'field.invalid' })
    .int({ error: 'field.invalid' })
    .min(1, { error: 'field.invalid' })
    .max(TRAINING_MAX_EPOCHS, { error: 'field.invalid' }),
});
export type TrainingCreateBody = z.infer<typeof trainingCreateBody>;

export const trainingJobItem = z.object({
  id: z.number().int(),
  algorithmId: z.number().int(),
  algorithmName: z.string(),
  baseVersionId: z.number().int().nullable(),
  datasetVersionId: z.number().int(),
  state: trainingState,
  progress: z.number().int(),
  epoch: z.number().int(),
  epochs: z.number().int(),
  metrics: versionMetrics.nullable(),
  resultVersionId: z.number().int().nullable(),
  resultVersionNumber: z.number().int().nullable(),
  error: z.string(),
  /** 'builtin' (simulated) or the external trainer's address. */
  trainer: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TrainingJobItem = z.infer<typeof trainingJobItem>;

export const trainingJobDetail = trainingJobItem.extend({
  baseVersion: versionBrief.nullable(),
  liveVersion: versionBrief.nullable(),
  resultVersion: versionBrief.nullable(),
});
export type TrainingJobDetail = z.infer<typeof trainingJobDetail>;

export const trainingListQuery = pageQuery.extend({ algorithmId: idNumber().optional() });
export type TrainingListQuery = z.infer<typeof trainingListQuery>;

export const trainingLogLine = z.object({
  id: z.number().int(),
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type TrainingLogLine = z.infer<typeof trainingLogLine>;
export const trainingLogQuery = z.object({ after: z.coerce.number().int().min(0).default(0) });

/** Event stream: `training.updated` (data: the job item) and `training.log` (data: { jobId, lines }). */
export const TRAINING_EVENTS = { updated: 'training.updated', log: 'training.log' } as const;

/** What the product POSTs to `{TRAINER_URL}/jobs`. */
export const trainerJob = z.object({
  id: z.number().int(),
  algorithmId: z.number().int(),
  classes: z.array(z.string()),
  epochs: z.number().int(),
  /** JSON manifest: { classes, items: [{ id, url, width, height, labels }] } (x-engine-key). */
  datasetUrl: z.string(),
  /** The base version's artefact (null: the instance has no version yet). */
  baseArtefactUrl: z.string().nullable(),
  /** Where to call back: `{callbackBase}/progress`, `/log`, `/artefact`, `/fail`. */
  callbackBase: z.string(),
});
export type TrainerJob = z.infer<typeof trainerJob>;

export const trainerProgressBody = z.object({
  epoch: z.number().int().min(0).max(TRAINING_MAX_EPOCHS),
  progress: z.number().int().min(0).max(100),
  metrics: versionMetrics.optional(),
});
export const trainerLogBody = z.object({
  lines: z
    .array(
      z.object({ level: z.enum(['info', 'warn', 'error']).default('info'), message: z.string().max(2000) }),
    )
    .min(1)
    .max(200),
});
export const trainerFailBody = z.object({ reason: z.string().trim().min(1).max(2000) });

export const trainerManifest = z.object({
  classes: z.array(z.string()),
  items: z.array(
    z.object({
      id: z.number().int(),
      url: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      labels: z.array(
        z.object({ cls: z.string(), box: z.tuple([z.number(), z.number(), z.number(), z.number()]) }),
      ),
    }),
  ),
});
export type TrainerManifest = z.infer<typeof trainerManifest>;
