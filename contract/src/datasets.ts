import { z } from 'zod';
import { detection } from './ai-common.ts';
import { idNumber, optionalText, pageQuery, requiredText } from './validators.ts';

/**
 * Training datasets (issue 13 §4, /AIOpenPlatform/trainingDataset): images with labels for one
 * algorithm instance, zip import and export (YOLO or COCO), frozen versions, import from reviewed
 * false-alarm records. Paths are relative to the origin.
 */
const BASE = '/api/v2/backend';
export const DATASET_API = {
  list: `${BASE}/dataset/list`,
  create: `${BASE}/dataset`,
  one: (id: number) => `${BASE}/dataset/${id}`,
  items: (id: number) => `${BASE}/dataset/${id}/items/list`,
  image: (id: number) => `${BASE}/dataset/${id}/image`,
  item: (id: number, itemId: number) => `${BASE}/dataset/${id}/items/${itemId}`,
  importZip: (id: number) => `${BASE}/dataset/${id}/import`,
  importProgress: (id: number) => `${BASE}/dataset/${id}/import/progress`,
  exportZip: (id: number) => `${BASE}/dataset/${id}/export`,
  versions: (id: number) => `${BASE}/dataset/${id}/versions`,
  falseAlarms: (id: number) => `${BASE}/dataset/${id}/falseAlarms`,
} as const;

/** Formats a zip is read in (detected) and written in. */
export const DATASET_FORMATS = ['yolo', 'coco'] as const;
export type DatasetFormat = (typeof DATASET_FORMATS)[number];
export const DATASET_SOURCES = ['upload', 'import', 'false_alarm'] as const;
export type DatasetSource = (typeof DATASET_SOURCES)[number];

/** A dataset image may be larger than a logo; a single upload and each zip entry are capped. */
export const DATASET_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const className = z.string().trim().min(1, { error: 'field.required' }).max(64, { error: 'field.tooLong' });

export const datasetBody = z.object({
  name: requiredText(64),
  algorithmId: idNumber().nullable().default(null),
  classes: z.array(className).max(200, { error: 'field.invalid' }).default([]),
  description: optionalText(500),
});
export type DatasetBody = z.input<typeof datasetBody>;

export const datasetListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100).default(''),
  algorithmId: idNumber().optional(),
});
export type DatasetListQuery = z.input<typeof datasetListQuery>;

export const datasetRow = z.object({
  id: z.number(),
  name: z.string(),
  algorithmId: z.number().nullable(),
  algorithmName: z.string().nullable(),
  classes: z.array(z.string()),
  description: z.string(),
  images: z.number(),
  negatives: z.number(),
  /** Boxes per class in the working set. */
  boxes: z.record(z.string(), z.number()),
  versions: z.number(),
  updatedAt: z.string(),
});
export type DatasetRow = z.infer<typeof datasetRow>;

export const datasetItemQuery = pageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(24),
  cls: z.string().trim().max(64).optional(),
  negatives: z.boolean().optional(),
  source: z.enum(DATASET_SOURCES).optional(),
});
export type DatasetItemQuery = z.input<typeof datasetItemQuery>;

export const datasetItem = z.object({
  id: z.number(),
  url: z.string(),
  width: z.number(),
  height: z.number(),
  labels: z.array(detection),
  source: z.enum(DATASET_SOURCES),
  falseAlarmRecordId: z.number().nullable(),
  createdAt: z.string(),
});
export type DatasetItem = z.infer<typeof datasetItem>;
export const datasetItemList = z.object({ list: z.array(datasetItem), count: z.number() });

export const datasetLabelsBody = z.object({
  labels: z.array(detection).max(500, { error: 'field.invalid' }),
});
export type DatasetLabelsBody = z.infer<typeof datasetLabelsBody>;

/** What a zip import did: each refused entry with its reason (a message code). */
export const datasetImportReport = z.object({
  format: z.enum(DATASET_FORMATS),
  added: z.number(),
  duplicates: z.number(),
  refused: z.array(z.object({ entry: z.string(), reason: z.string() })),
  newClasses: z.array(z.string()),
});
export type DatasetImportReport = z.infer<typeof datasetImportReport>;

/** A key the browser picks for one zip import, to ask for its progress while it runs. */
export const importProgressQuery = z.object({
  progress: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, { error: 'field.invalid' })
    .optional(),
});
export const importProgress = z.object({ done: z.number(), total: z.number(), finished: z.boolean() });
export type ImportProgressState = z.infer<typeof importProgress>;

export const datasetExportQuery = z.object({
  format: z.enum(DATASET_FORMATS).default('yolo'),
  /** A frozen version's number; absent: the working set. */
  version: z.coerce.number().int().min(1).optional(),
});

/** A frozen version with its counts and what changed since the version before. */
export const datasetVersion = z.object({
  id: z.number(),
  number: z.number(),
  itemCount: z.number(),
  negatives: z.number(),
  classCounts: z.record(z.string(), z.number()),
  note: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  diff: z.object({
    /** Images with at least one box of the class, added / removed since the previous version. */
    added: z.record(z.string(), z.number()),
    removed: z.record(z.string(), z.number()),
    negativesAdded: z.number(),
    negativesRemoved: z.number(),
  }),
});
export type DatasetVersion = z.infer<typeof datasetVersion>;
export const freezeBody = z.object({ note: optionalText(200) });

/** What importing the dataset's instance's reviewed false-alarm records would bring. */
export const falseAlarmImportPreview = z.object({
  negatives: z.number(),
  relabelled: z.number(),
  alreadyImported: z.number(),
});
export type FalseAlarmImportPreview = z.infer<typeof falseAlarmImportPreview>;
/** recordIds absent: every accepted / relabelled record of the dataset's instance. */
export const falseAlarmImportBody = z.object({ recordIds: z.array(idNumber()).max(5000).optional() });
export const falseAlarmImportResult = z.object({
  negatives: z.number(),
  relabelled: z.number(),
  skipped: z.number(),
});
export type FalseAlarmImportResult = z.infer<typeof falseAlarmImportResult>;
