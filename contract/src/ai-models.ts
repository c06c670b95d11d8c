import { z } from 'zod';
import { instanceZone, scheduleWindow } from './ai-common.ts';
import { idNumber, optionalText, pageQuery, priorityCode, requiredText } from './validators.ts';

/**
 * The model base and the instance wizard (issue 13 §1, §2; /AIOpenPlatform/AlgorithmModelBase).
 * A model package is uploaded as multipart (the text fields below first, then the file `file`),
 * checked by its content against the claimed format; the wizard keeps a draft algorithm on the
 * server at every step.
 */
const BASE = '/api/v2/backend';
export const AI_MODEL_API = {
  list: `${BASE}/aiModel/list`,
  upload: `${BASE}/aiModel/upload`,
  one: (id: number) => `${BASE}/aiModel/${id}`,
  /** The wizard's sample image (multipart `file`, jpg/png ≤ 500 KB by content). */
  sample: `${BASE}/aiInstance/sample`,
  drafts: `${BASE}/aiInstance/drafts`,
  draftCreate: `${BASE}/aiInstance/draft`,
  draft: (id: number) => `${BASE}/aiInstance/draft/${id}`,
  draftConfirm: (id: number) => `${BASE}/aiInstance/draft/${id}/confirm`,
} as const;

export const MODEL_TASKS = ['detection', 'classification', 'segmentation', 'pose'] as const;
export type ModelTask = (typeof MODEL_TASKS)[number];
export const MODEL_FORMATS = ['onnx', 'tflite', 'torchscript', 'openvino'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];
/** File name endings the upload picker offers (the server judges the content, not the name). */
export const MODEL_ACCEPT = '.onnx,.tflite,.pt,.pth,.torchscript,.zip';
/** Default upload limit in MB (the server's MODEL_MAX_MB). */
export const MODEL_MAX_MB_DEFAULT = 200;
export const MODEL_MAX_CLASSES = 200;

const className = z
  .string({ error: 'field.invalid' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(64, { error: 'field.tooLong' });

/** Classes as a list; from a form field also "a, b, c" or a JSON array. */
export const modelClasses = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(/[,，\n]/).map((s) => s.trim());
  },
  z
    .array(className, { error: 'field.required' })
    .min(1, { error: 'field.required' })
    .max(MODEL_MAX_CLASSES, { error: 'field.invalid' })
    .refine((list) => new Set(list).size === list.length, { error: 'aiModel.duplicateClass' }),
);

const inputSide = z.coerce
  .number({ error: 'field.invalid' })
  .int({ error: 'field.invalid' })
  .min(16, { error: 'field.invalid' })
  .max(8192, { error: 'field.invalid' });

/** What a model is (the upload's text fields, and the edit body). */
export const modelBody = z.object({
  name: requiredText(64),
  task: z.enum(MODEL_TASKS, { error: 'field.invalid' }),
  classes: modelClasses,
  inputWidth: inputSide,
  inputHeight: inputSide,
  version: requiredText(32),
  description: optionalText(500),
});
export type ModelBody = z.input<typeof modelBody>;

/**
 * The upload's fields: the model's fields (task, classes and input size may be left out for an
 * ONNX file that carries them in its metadata) and the claimed format.
 */
export const modelUploadFields = modelBody
  .partial({ task: true, classes: true, inputWidth: true, inputHeight: true })
  .extend({
    format: z.enum(MODEL_FORMATS, { error: 'field.invalid' }),
  });

export const modelListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, { error: 'field.tooLong' }).default(''),
  task: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(MODEL_TASKS).optional()),
  format: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(MODEL_FORMATS).optional()),
});
export type ModelListQuery = z.input<typeof modelListQuery>;

export const modelItem = z.object({
  id: z.number(),
  name: z.string(),
  task: z.string(),
  classes: z.array(z.string()),
  inputWidth: z.number(),
  inputHeight: z.number(),
  format: z.string(),
  version: z.string(),
  sha256: z.string(),
  sizeBytes: z.number(),
  description: z.string(),
  builtin: z.boolean(),
  /** Algorithms (instances and drafts) made from it. */
  instanceCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModelItem = z.infer<typeof modelItem>;
export const modelListResult = z.object({ list: z.array(modelItem), count: z.number() });

// ---------- The instance wizard ----------

/** Instance codes: letters, digits, '-' and '_' (they name the instance to the engines). */
const instanceCode = requiredText(50).pipe(
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, { error: 'aiInstance.code' }),
);

/** Step 1: the model, the instance's name and code, the sample image, up to 5 zones, the classes. */
export const draftStep1 = z.object({
  step: z.literal(1),
  modelId: idNumber(),
  name: requiredText(50),
  code: instanceCode,
  /** The sample image's media path (from the sample upload), '' before one is uploaded. */
  sampleImage: z.string().max(200).default(''),
  zones: z.array(instanceZone).max(5, { error: 'zone.max' }).default([]),
  classes: z.array(className).min(1, { error: 'field.required' }).max(MODEL_MAX_CLASSES),
});
/** Step 2: a confidence threshold per class (0..1) and the one alarm level (SPEC §5). */
export const draftStep2 = z.object({
  step: z.literal(2),
  thresholds: z.record(
    z.string(),
    z
      .number({ error: 'aiInstance.threshold' })
      .min(0.05, { error: 'aiInstance.threshold' })
      .max(0.99, { error: 'aiInstance.threshold' }),
  ),
  level: priorityCode,
});
/** Step 3: weekly windows, none = always. */
export const draftStep3 = z.object({
  step: z.literal(3),
  schedule: z.array(scheduleWindow).max(14, { error: 'field.invalid' }),
});
export const draftCreateBody = draftStep1;
export type DraftCreateBody = z.input<typeof draftCreateBody>;
export const draftUpdateBody = z.discriminatedUnion('step', [draftStep1, draftStep2, draftStep3]);
export type DraftUpdateBody = z.input<typeof draftUpdateBody>;

export const draftItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  modelId: z.number().nullable(),
  modelName: z.string(),
  /** The step to fill next (1–4); 0 once confirmed. */
  wizardStep: z.number(),
  draft: z.boolean(),
  sampleImage: z.string(),
  sampleImageUrl: z.string(),
  zones: z.array(instanceZone),
  classes: z.array(z.string()),
  /** The model's classes (what may be chosen). */
  modelClasses: z.array(z.string()),
  thresholds: z.record(z.string(), z.number()),
  level: z.number(),
  schedule: z.array(scheduleWindow),
  liveVersion: z.number().nullable(),
  updatedAt: z.string(),
});
export type DraftItem = z.infer<typeof draftItem>;

export const sampleImageResult = z.object({
  path: z.string(),
  url: z.string(),
  /** What the wizard's `:imgData` carries: the file name under the sample directory. */
  token: z.string(),
});
export type SampleImageResult = z.infer<typeof sampleImageResult>;

export const confirmResult = z.object({
  algorithmId: z.number(),
  versionId: z.number(),
  versionNumber: z.number(),
});
export type ConfirmResult = z.infer<typeof confirmResult>;

/** `:imgData` before a sample image exists. */
export const NO_SAMPLE = '-';
/** The sample images' media directory. */
export const SAMPLE_DIR = 'ai-sample';
