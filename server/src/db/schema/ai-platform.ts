import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { algorithm } from './algorithms.ts';
import { account } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A base model of the model base (issue 13 §1): what it detects and the package the engines load.
 * `file` is the stored package (media path); `sha256` and `sizeBytes` are of that file, computed by
 * the server on upload (never taken from the client). Name and version together are unique.
 */
export const aiModel = pgTable(
  'ai_model',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** detection | classification | segmentation | pose */
    task: text('task').notNull(),
    classes: jsonb('classes').$type<string[]>().notNull(),
    inputWidth: integer('input_width').notNull(),
    inputHeight: integer('input_height').notNull(),
    /** onnx | tflite | torchscript | openvino — checked against the file's content. */
    format: text('format').notNull(),
    version: text('version').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    file: text('file').notNull(),
    description: text('description').notNull().default(''),
    /** A demo catalogue entry seeded with the product. */
    builtin: boolean('builtin').notNull().default(false),
    createdById: integer('created_by_id').references(() => account.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('ai_model_name_version_uq').on(t.name, t.version)],
);

/** A zone drawn on the sample image: a polygon with coordinates normalised to 0..1. */
export interface InstanceZone {
  name: string;
  points: [number, number][];
}

/** A weekly window in which the instance raises alarms (no window: always). */
export interface InstanceScheduleWindow {
  /** 1 Monday … 7 Sunday. */
  days: number[];
  /** HH:mm, local time of the plant. */
  start: string;
  end: string;
}

/**
 * What an instance runs with (issue 13 §2): the sample image its zones were drawn on, up to five
 * zones, the model classes it reports with their confidence thresholds, its one alarm level and its
 * schedule. Frozen into every version.
 */
export interface InstanceParams {
  sampleImage: string;
  zones: InstanceZone[];
  classes: string[];
  /** Minimum confidence per reported class, 0..1. */
  thresholds: Record<string, number>;
  /** The alarm priority code (120001 … 120004): one level per algorithm (SPEC §5). */
  level: number;
  schedule: InstanceScheduleWindow[];
}

/** A version's evaluation (publish gate, issue 13 §7); rates 0..1. */
export interface VersionMetrics {
  precision: number;
  recall: number;
  falsePositiveRate: number;
  /** What it was measured on, e.g. "false-alarm set v3 (240 images)". */
  evaluatedOn: string;
  evaluatedAt: string;
}

/**
 * An immutable numbered version of an algorithm instance (issue 13 §3): the model, the artefact
 * the engines load and the parameters, frozen. Rows are never updated (a trigger refuses it, see
 * the migration); a new version is a new row. Every alarm records the version that raised it
 * (`video_alarm.algorithm_version_id`).
 */
export const algorithmVersion = pgTable(
  'algorithm_version',
  {
    id: serial('id').primaryKey(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithm.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per algorithm. */
    number: integer('number').notNull(),
    modelId: integer('model_id').references(() => aiModel.id, { onDelete: 'restrict' }),
    /** The artefact engines load (media path) with its sha256 and size. */
    artefact: text('artefact').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    params: jsonb('params').$type<InstanceParams>().notNull(),
    metrics: jsonb('metrics').$type<VersionMetrics | null>(),
    /** wizard | training | seed */
    source: text('source').notNull(),
    /** The training job that produced it (source = training). */
    trainingJobId: integer('training_job_id'),
    note: text('note').notNull().default(''),
    createdById: integer('created_by_id').references(() => account.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('algorithm_version_number_uq').on(t.algorithmId, t.number)],
);

/**
 * Which version was live when (issue 13 §3): one row per publish or roll-back, newest last;
 * `algorithm.live_version_id` is the current one. An override of the publish gate is recorded with
 * its reason.
 */
export const algorithmDeployment = pgTable(
  'algorithm_deployment',
  {
    id: serial('id').primaryKey(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithm.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => algorithmVersion.id, { onDelete: 'cascade' }),
    previousVersionId: integer('previous_version_id').references(() => algorithmVersion.id, {
      onDelete: 'set null',
    }),
    /** publish | rollback | seed */
    action: text('action').notNull(),
    /** Published although the gate said the false-positive rate is not lower. */
    override: boolean('override').notNull().default(false),
    reason: text('reason').notNull().default(''),
    actorId: integer('actor_id').references(() => account.id, { onDelete: 'set null' }),
    actor: text('actor').notNull().default(''),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('algorithm_deployment_algorithm_idx').on(t.algorithmId, t.at.desc(), t.id.desc())],
);
