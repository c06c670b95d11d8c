import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { algorithmVersion, type VersionMetrics } from './ai-platform.ts';
import { engine, videoAlarm } from './alarms.ts';
import { algorithm } from './algorithms.ts';
import { account } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One box on an image: its class, the engine's confidence (absent on a reviewer's or a dataset's
 * label) and `box` = [x, y, width, height] normalised to 0..1 of the image (top-left origin).
 */
export interface Detection {
  cls: string;
  confidence?: number;
  box: [number, number, number, number];
}

/**
 * A false-alarm record (issue 13 §4): made when triage marks an alarm false positive. It keeps its
 * own copy of the frame, the engine's boxes and the version that raised the alarm, so the record
 * outlives the alarm's media retention. Review: pending → accepted (a true false alarm: the frame
 * is a negative sample for that version's classes) | relabelled (`labels` are the right boxes) |
 * dropped (unusable); `reason` is a reason code. Scene and camera for scene authority.
 */
export const falseAlarmRecord = pgTable(
  'false_alarm_record',
  {
    id: serial('id').primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .unique()
      .references(() => videoAlarm.id, { onDelete: 'cascade' }),
    alarmTime: ts('alarm_time').notNull(),
    algorithmId: integer('algorithm_id').references(() => algorithm.id, { onDelete: 'set null' }),
    algorithmName: text('algorithm_name').notNull().default(''),
    algorithmVersionId: integer('algorithm_version_id').references(() => algorithmVersion.id, {
      onDelete: 'set null',
    }),
    sceneId: integer('scene_id'),
    cameraId: integer('camera_id'),
    cameraName: text('camera_name').notNull().default(''),
    /** The frame (media path of the record's own copy), its size in pixels. */
    frame: text('frame').notNull(),
    frameWidth: integer('frame_width').notNull().default(0),
    frameHeight: integer('frame_height').notNull().default(0),
    detections: jsonb('detections').$type<Detection[]>().notNull().default([]),
    /** pending | accepted | relabelled | dropped */
    state: text('state').notNull().default('pending'),
    labels: jsonb('labels').$type<Detection[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    markedById: integer('marked_by_id').references(() => account.id, { onDelete: 'set null' }),
    markedBy: text('marked_by').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => account.id, { onDelete: 'set null' }),
    reviewer: text('reviewer').notNull().default(''),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('false_alarm_record_state_idx').on(t.state, t.alarmTime.desc(), t.id.desc()),
    index('false_alarm_record_algorithm_idx').on(t.algorithmId, t.algorithmVersionId),
  ],
);

/** A training dataset (issue 13 §4): images with labels for one algorithm instance's classes. */
export const dataset = pgTable('dataset', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The instance it trains (retraining picks datasets of that instance only). */
  algorithmId: integer('algorithm_id').references(() => algorithm.id, { onDelete: 'set null' }),
  classes: jsonb('classes').$type<string[]>().notNull().default([]),
  description: text('description').notNull().default(''),
  createdById: integer('created_by_id').references(() => account.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * An image of a dataset's working set with its labels (empty: a negative sample). Removing an
 * image from the working set sets `removed` (frozen versions keep it); the same image (sha256)
 * appears once per dataset.
 */
export const datasetItem = pgTable(
  'dataset_item',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => dataset.id, { onDelete: 'cascade' }),
    image: text('image').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    labels: jsonb('labels').$type<Detection[]>().notNull().default([]),
    /** upload | false_alarm | import */
    source: text('source').notNull(),
    falseAlarmRecordId: integer('false_alarm_record_id').references(() => falseAlarmRecord.id, {
      onDelete: 'set null',
    }),
    removed: boolean('removed').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('dataset_item_image_uq').on(t.datasetId, t.sha256),
    index('dataset_item_dataset_idx').on(t.datasetId, t.removed, t.id),
  ],
);

/** A frozen version of a dataset: which images with which labels, never changed after. */
export const datasetVersion = pgTable(
  'dataset_version',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => dataset.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    itemCount: integer('item_count').notNull(),
    negatives: integer('negatives').notNull(),
    /** Boxes per class. */
    classCounts: jsonb('class_counts').$type<Record<string, number>>().notNull(),
    note: text('note').notNull().default(''),
    createdById: integer('created_by_id').references(() => account.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('dataset_version_number_uq').on(t.datasetId, t.number)],
);

/** The images of a frozen dataset version with their labels as they were when frozen. */
export const datasetVersionItem = pgTable(
  'dataset_version_item',
  {
    versionId: integer('version_id')
      .notNull()
      .references(() => datasetVersion.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => datasetItem.id, { onDelete: 'restrict' }),
    labels: jsonb('labels').$type<Detection[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.itemId] })],
);

/**
 * A training job (issue 13 §5–6): retrains one algorithm instance from a frozen dataset version,
 * starting from a base version. States (SPEC §4): 0 not started, 1 in training, 2 completed,
 * 3 training error, 4 training terminated — changed only by the server's state machine. A completed
 * job has produced `resultVersionId` (a new, not yet live, version with its metrics).
 */
export const trainingJob = pgTable(
  'training_job',
  {
    id: serial('id').primaryKey(),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithm.id, { onDelete: 'cascade' }),
    baseVersionId: integer('base_version_id').references(() => algorithmVersion.id, { onDelete: 'set null' }),
    datasetVersionId: integer('dataset_version_id')
      .notNull()
      .references(() => datasetVersion.id, { onDelete: 'restrict' }),
    state: smallint('state').notNull().default(0),
    /** 0..100 */
    progress: integer('progress').notNull().default(0),
    epoch: integer('epoch').notNull().default(0),
    epochs: integer('epochs').notNull().default(10),
    metrics: jsonb('metrics').$type<VersionMetrics | null>(),
    resultVersionId: integer('result_version_id').references(() => algorithmVersion.id, {
      onDelete: 'set null',
    }),
    error: text('error').notNull().default(''),
    /** builtin (the demo trainer) or the external trainer's address. */
    trainer: text('trainer').notNull().default('builtin'),
    /** The engine (by its key) of the external trainer that took the job: only it may call back. */
    trainerEngineId: integer('trainer_engine_id').references(() => engine.id, { onDelete: 'set null' }),
    /** The queue's job id (one queue job per training job). */
    queueJobId: text('queue_job_id'),
    createdById: integer('created_by_id').references(() => account.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('training_job_algorithm_idx').on(t.algorithmId, t.createdAt.desc(), t.id.desc())],
);

/** A training job's log lines, in order. */
export const trainingLog = pgTable(
  'training_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => trainingJob.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** info | warn | error */
    level: text('level').notNull().default('info'),
    message: text('message').notNull(),
  },
  (t) => [index('training_log_job_idx').on(t.jobId, t.id)],
);
