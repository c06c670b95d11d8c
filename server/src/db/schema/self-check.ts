import { sql } from 'drizzle-orm';
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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { engine } from './alarms.ts';
import { account } from './core.ts';
import { camera } from './devices.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/*
 * Self-check (issue 14): the evidence the product records about itself. Every figure of the
 * /selfCheck pages is computed from these rows (and the alarms, events and queues they describe),
 * never from a flag someone set.
 */

/**
 * Every message an engine sent (messageProtocolLog, protocolCount): what it was, what it carried
 * (its metadata fields as received; files only as name, type and size), what came of it.
 * kind: videoAlarm | event | dcsAlarm | jobRun | heartbeat.
 * outcome: accepted | duplicate | refused (then `reason` holds the message code of the refusal).
 */
export const engineMessage = pgTable(
  'engine_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    kind: text('kind').notNull(),
    engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
    outcome: text('outcome').notNull(),
    status: integer('status').notNull(),
    reason: text('reason'),
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull(),
    /** What parsing produced: e.g. `{ id, duplicate }` of the stored record, or the field errors. */
    result: jsonb('result').$type<unknown>(),
    cameraId: integer('camera_id'),
    durationMs: integer('duration_ms'),
  },
  (t) => [
    index('engine_message_received_idx').on(t.receivedAt, t.id),
    index('engine_message_kind_idx').on(t.kind, t.outcome, t.receivedAt),
    // The protocol log's filters used alone keep its first page on an index (migration 0019).
    index('engine_message_kind_time_idx').on(t.kind, t.receivedAt, t.id),
    index('engine_message_outcome_time_idx').on(t.outcome, t.receivedAt, t.id),
    index('engine_message_engine_time_idx').on(t.engineId, t.receivedAt, t.id),
    index('engine_message_camera_time_idx')
      .on(t.cameraId, t.receivedAt, t.id)
      .where(sql`camera_id is not null`),
    index('engine_message_reason_time_idx').on(t.reason, t.receivedAt, t.id).where(sql`reason is not null`),
  ],
);

/**
 * One reachability check of a camera (cameraRecord, cameraScreenshotLog): a stream probe or a
 * snapshot grab. `error` is a message code when it failed; a grabbed snapshot keeps its media path.
 * kind: stream | snapshot.
 */
export const cameraCheck = pgTable(
  'camera_check',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => camera.id, { onDelete: 'cascade' }),
    checkedAt: ts('checked_at').notNull().defaultNow(),
    kind: text('kind').notNull(),
    ok: boolean('ok').notNull(),
    latencyMs: integer('latency_ms'),
    error: text('error'),
    /** What the check saw: bytes read, the image's type and size, the target probed. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    mediaPath: text('media_path'),
  },
  (t) => [
    index('camera_check_camera_idx').on(t.cameraId, t.checkedAt),
    index('camera_check_time_idx').on(t.checkedAt),
  ],
);

/**
 * A camera's state as derived from its evidence (checks, engine messages naming it, heartbeats):
 * the last good evidence, the last failure, and whether it is online. `camera.online` mirrors
 * `online` so every other screen shows the same derived state.
 */
export const cameraHealth = pgTable('camera_health', {
  cameraId: integer('camera_id')
    .primaryKey()
    .references(() => camera.id, { onDelete: 'cascade' }),
  online: boolean('online').notNull().default(false),
  since: ts('since').notNull().defaultNow(),
  lastEvidenceAt: ts('last_evidence_at'),
  /** stream | snapshot | alarm | event | heartbeat */
  lastEvidenceKind: text('last_evidence_kind'),
  lastFailureAt: ts('last_failure_at'),
  lastError: text('last_error'),
  /** The engine that last reported this camera (its parent for the "parent down" rule). */
  engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
});

/**
 * An outage of a camera (cameraErrorLog): from the moment its evidence stopped to its recovery.
 * cause: stream (its own checks failed) | engine (its engine went silent) | server (this server
 * could not check it). Open while `endedAt` is null; at most one open outage per camera.
 */
export const cameraOutage = pgTable(
  'camera_outage',
  {
    id: serial('id').primaryKey(),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => camera.id, { onDelete: 'cascade' }),
    startedAt: ts('started_at').notNull(),
    detectedAt: ts('detected_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
    cause: text('cause').notNull(),
    error: text('error'),
    durationSeconds: integer('duration_seconds'),
  },
  (t) => [
    index('camera_outage_camera_idx').on(t.cameraId, t.startedAt),
    index('camera_outage_time_idx').on(t.startedAt),
    uniqueIndex('camera_outage_open_uq').on(t.cameraId).where(sql`ended_at is null`),
  ],
);

/** Planned maintenance (cameraRunReport, algorithmRunReport): excluded from availability. cameraId null: all. */
export const maintenanceWindow = pgTable(
  'maintenance_window',
  {
    id: serial('id').primaryKey(),
    cameraId: integer('camera_id').references(() => camera.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('maintenance_window_time_idx').on(t.startsAt, t.endsAt)],
);

/**
 * One check of an alarm's or event's image (alarmImg, eventImg). source: alarm | event;
 * imageType: original | drawn; problem: missing | unreadable | wrongType | tooLarge, null when sound.
 */
export const imageCheck = pgTable(
  'image_check',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    cameraId: integer('camera_id'),
    cameraName: text('camera_name').notNull().default(''),
    imageType: text('image_type').notNull(),
    /** When the alarm or event happened (the pages filter on it). */
    occurredAt: ts('occurred_at').notNull(),
    checkedAt: ts('checked_at').notNull().defaultNow(),
    path: text('path'),
    problem: text('problem'),
    bytes: integer('bytes'),
    mime: text('mime'),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [
    uniqueIndex('image_check_record_uq').on(t.source, t.recordId, t.imageType),
    index('image_check_camera_idx').on(t.source, t.cameraId, t.occurredAt),
  ],
);

/** A queue's measure at one moment (queueMonitoring's charts); `done`/`failed` since the previous sample. */
export const queueSample = pgTable(
  'queue_sample',
  {
    queue: text('queue').notNull(),
    at: ts('at').notNull(),
    depth: integer('depth').notNull(),
    oldestAgeSeconds: integer('oldest_age_seconds'),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.queue, t.at] }), index('queue_sample_time_idx').on(t.at)],
);

/**
 * A pile-up of a queue (messageQueuePilesUpRecords): opened when its depth stays above the
 * threshold or its oldest waiting item is older than the limit; closed when it is back under both,
 * with its peak, duration and drain time (from the peak to the close). reason: depth | age.
 */
export const queuePileup = pgTable(
  'queue_pileup',
  {
    id: serial('id').primaryKey(),
    queue: text('queue').notNull(),
    openedAt: ts('opened_at').notNull(),
    reason: text('reason').notNull(),
    peakDepth: integer('peak_depth').notNull().default(0),
    peakAgeSeconds: integer('peak_age_seconds').notNull().default(0),
    peakAt: ts('peak_at'),
    closedAt: ts('closed_at'),
    durationSeconds: integer('duration_seconds'),
    drainSeconds: integer('drain_seconds'),
  },
  (t) => [
    index('queue_pileup_time_idx').on(t.openedAt),
    uniqueIndex('queue_pileup_open_uq').on(t.queue).where(sql`closed_at is null`),
  ],
);

/** Each running server instance's status, written by itself every few seconds (systemStatus). */
export const serverInstance = pgTable('server_instance', {
  id: text('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  startedAt: ts('started_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  status: jsonb('status').$type<Record<string, unknown>>().notNull(),
});
