import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { engine } from './alarms.ts';
import { algorithm } from './algorithms.ts';
import { account } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A video uploaded for offline analysis and not yet given to one (its content already checked).
 * Kept 24 h: an upload the user abandoned is removed with its file on a later upload.
 */
export const offlineVideoUpload = pgTable(
  'offline_video_upload',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Relative to DATA_DIR/media ('offline/<random>.<ext>'). */
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    format: text('format').notNull(),
    durationSeconds: real('duration_seconds'),
    uploadedBy: integer('uploaded_by').references(() => account.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('offline_video_upload_created_idx').on(t.createdAt)],
);

/**
 * An offline analysis (/offLineVideo/offLineVideoSet): a video (an uploaded file or a URL) and the
 * algorithms to run on it. States: 0 waiting for an engine, 1 analyzing, 2 finished, 3 failed.
 * `heartbeat_at` is the engine's last word (claim, progress, event): a job silent for
 * OFFLINE_STALE_MS is handed to the next engine that claims.
 */
export const offlineAnalysis = pgTable(
  'offline_analysis',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    source: text('source').$type<'file' | 'url'>().notNull(),
    /** The media path of an uploaded video ('' for a URL source). */
    videoPath: text('video_path').notNull().default(''),
    /** The original file name, or the URL. */
    sourceName: text('source_name').notNull(),
    format: text('format'),
    size: bigint('size', { mode: 'number' }),
    durationSeconds: real('duration_seconds'),
    /** The chosen algorithms (ids, codes and names copied: renamed or deleted ones stay readable). */
    algorithms: jsonb('algorithms').$type<{ id: number; code: string; name: string }[]>().notNull(),
    state: smallint('state').notNull().default(0),
    progress: smallint('progress').notNull().default(0),
    error: text('error').notNull().default(''),
    eventCount: integer('event_count').notNull().default(0),
    engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
    engineName: text('engine_name').notNull().default(''),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    heartbeatAt: ts('heartbeat_at'),
    /** The instance whose in-process analyzer (demo) claimed it; null for an engine over HTTP. */
    owner: text('owner'),
  },
  (t) => [
    index('offline_analysis_created_idx').on(t.createdAt, t.id),
    index('offline_analysis_state_idx').on(t.state, t.id),
  ],
);

/** What an engine found in an offline video: the algorithm, where in the video, and the picture. */
export const offlineAnalysisEvent = pgTable(
  'offline_analysis_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    analysisId: bigint('analysis_id', { mode: 'number' })
      .notNull()
      .references(() => offlineAnalysis.id, { onDelete: 'cascade' }),
    algorithmId: integer('algorithm_id').references(() => algorithm.id, { onDelete: 'set null' }),
    algorithmName: text('algorithm_name').notNull().default(''),
    offsetSeconds: real('offset_seconds').notNull(),
    result: text('result').notNull().default(''),
    imagePath: text('image_path').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('offline_analysis_event_analysis_idx').on(t.analysisId, t.offsetSeconds),
    index('offline_analysis_event_image_idx').on(t.imagePath),
  ],
);
