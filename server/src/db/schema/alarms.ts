import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
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
import { algorithmVersion } from './ai-platform.ts';
import type { Detection } from './ai-training.ts';
import { algorithm } from './algorithms.ts';
import { account } from './core.ts';
import { camera } from './devices.ts';
import { plantNode } from './plant.ts';
import { scene } from './scenes.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An AI analysis engine allowed to report alarms and events (API key stored as sha256). */
export const engine = pgTable('engine', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  keyHash: text('key_hash').notNull().unique(),
  /** First characters of the key, shown to admins to tell keys apart. */
  keyPrefix: text('key_prefix').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lastSeenAt: ts('last_seen_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Video alarm (SPEC §3 "Alarm record"). States (SPEC §4): 1 pending, 2 processed, 3 cancelled as
 * a false positive, 4 awaiting approval. An approved alarm is state 2 with approve_time set; revoking
 * the approval returns it to 4. Names of scene, camera, area and algorithm are copied at ingest so
 * the record stays readable when those are renamed or deleted (the references then become null):
 * an alarm is never lost. `version` guards concurrent handling (compare-and-set).
 */
export const videoAlarm = pgTable(
  'video_alarm',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
    engineEventId: text('engine_event_id'),
    alarmTime: ts('alarm_time').notNull(),
    alarmState: smallint('alarm_state').notNull().default(1),
    priority: integer('priority').notNull(),
    algorithmId: integer('algorithm_id').references(() => algorithm.id, { onDelete: 'set null' }),
    videoAlarmTypeName: text('video_alarm_type_name').notNull().default(''),
    /** The algorithm version that raised it (issue 13 §3): the live one at ingest. */
    algorithmVersionId: integer('algorithm_version_id').references(() => algorithmVersion.id, {
      onDelete: 'set null',
    }),
    sceneId: integer('scene_id').references(() => scene.id, { onDelete: 'set null' }),
    sceneName: text('scene_name').notNull().default(''),
    cameraId: integer('camera_id').references(() => camera.id, { onDelete: 'set null' }),
    cameraName: text('camera_name').notNull().default(''),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'set null' }),
    areaName: text('area_name').notNull().default(''),
    /** Top of the area's tree (the factory), for the plant filter. */
    factoryId: integer('factory_id').references(() => plantNode.id, { onDelete: 'set null' }),
    factoryName: text('factory_name').notNull().default(''),
    alarmResult: text('alarm_result').notNull().default(''),
    extraInfoName: text('extra_info_name').notNull().default(''),
    extraInfo: jsonb('extra_info').notNull().default(sql`'{}'::jsonb`),
    historyAssignmentId: integer('history_assignment_id'),
    jobNumber: text('job_number').notNull().default(''),
    stateComments: text('state_comments').notNull().default(''),
    alarmImage: text('alarm_image').notNull().default(''),
    alarmImageDraw: text('alarm_image_draw').notNull().default(''),
    alarmVideo: text('alarm_video').notNull().default(''),
    /** The engine's boxes (issue 13 §4): class, confidence, [x, y, w, h] normalised to 0..1. */
    detections: jsonb('detections').$type<Detection[]>().notNull().default([]),
    falsePositive: boolean('false_positive').notNull().default(false),
    handlerId: integer('handler_id').references(() => account.id, { onDelete: 'set null' }),
    handler: text('handler').notNull().default(''),
    handleTime: ts('handle_time'),
    approverId: integer('approver_id').references(() => account.id, { onDelete: 'set null' }),
    approver: text('approver').notNull().default(''),
    approveTime: ts('approve_time'),
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('video_alarm_engine_event_uq').on(t.engineId, t.engineEventId),
    index('video_alarm_time_idx').on(t.alarmTime.desc(), t.id.desc()),
    index('video_alarm_scene_time_idx').on(t.sceneId, t.alarmTime.desc(), t.id.desc()),
    index('video_alarm_state_time_idx').on(t.alarmState, t.alarmTime.desc(), t.id.desc()),
    index('video_alarm_camera_time_idx').on(t.cameraId, t.alarmTime.desc()),
    // Efficiency analysis by handler and History alarms' handlerId filter.
    index('video_alarm_handler_time_idx')
      .on(t.handlerId, t.alarmTime.desc())
      .where(sql`${t.handlerId} is not null`),
    // Who may fetch a media file, and whether any row still holds it (platform/media-registry.ts).
    index('video_alarm_image_idx').on(t.alarmImage).where(sql`${t.alarmImage} <> ''`),
    index('video_alarm_image_draw_idx').on(t.alarmImageDraw).where(sql`${t.alarmImageDraw} <> ''`),
    index('video_alarm_video_idx').on(t.alarmVideo).where(sql`${t.alarmVideo} <> ''`),
    // False-positive rate per version; deleting a version (with its algorithm) sets these null.
    index('video_alarm_algorithm_version_idx')
      .on(t.algorithmVersionId)
      .where(sql`${t.algorithmVersionId} is not null`),
    index('video_alarm_assignment_idx')
      .on(t.historyAssignmentId, t.alarmTime)
      .where(sql`${t.historyAssignmentId} is not null`),
  ],
);

/** The alarm's own timeline: every action, who, when, with the comment (SPEC §4, issue 4 §3). */
export const alarmAction = pgTable(
  'alarm_action',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alarmId: bigint('alarm_id', { mode: 'number' })
      .notNull()
      .references(() => videoAlarm.id, { onDelete: 'cascade' }),
    /** 'ingest' | 'deal' | 'cancel' | 'approve' | 'noApprove' */
    action: text('action').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    comment: text('comment').notNull().default(''),
    accountId: integer('account_id').references(() => account.id, { onDelete: 'set null' }),
    accountName: text('account_name').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    /**
     * The alarm's time, level and scene, copied when the action is written (they never change):
     * My desk › Alarm statistics reads one account's actions without joining the alarms, which at
     * 1,000,000 alarms made PostgreSQL scan the whole alarm table (bench/README.md).
     */
    alarmTime: ts('alarm_time').notNull(),
    priority: integer('priority').notNull(),
    sceneId: integer('scene_id'),
  },
  (t) => [
    index('alarm_action_alarm_idx').on(t.alarmId, t.createdAt),
    // My desk › Alarm statistics: one account's actions in a range.
    index('alarm_action_account_idx').on(t.accountId, t.createdAt),
  ],
);

/**
 * Rollup counters kept in the same transaction as ingest and every state change (ARCHITECTURE
 * "Counting at scale"): totals under lists come from here, never from scanning the alarms.
 * Null references are stored as 0 so the key stays a plain primary key.
 */
export const alarmRollup = pgTable(
  'alarm_rollup',
  {
    day: date('day', { mode: 'string' }).notNull(),
    sceneId: integer('scene_id').notNull(),
    cameraId: integer('camera_id').notNull(),
    algorithmId: integer('algorithm_id').notNull(),
    areaId: integer('area_id').notNull(),
    factoryId: integer('factory_id').notNull(),
    alarmState: smallint('alarm_state').notNull(),
    priority: integer('priority').notNull(),
    falsePositive: boolean('false_positive').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    // Open alarms of any time (home figures, the list's untreated and awaiting-approval totals):
    // the rows of states 1 and 4 only. No count column in it, so a counter update stays HOT.
    index('alarm_rollup_open_idx').on(t.alarmState, t.sceneId).where(sql`${t.alarmState} in (1, 4)`),
    primaryKey({
      columns: [
        t.day,
        t.sceneId,
        t.cameraId,
        t.algorithmId,
        t.areaId,
        t.factoryId,
        t.alarmState,
        t.priority,
        t.falsePositive,
      ],
    }),
  ],
);

/**
 * Hourly rollup counters for the home and the analyses (issue 12): like `alarm_rollup` but by UTC
 * hour and without the camera and algorithm, so an hour holds few rows; kept in the same
 * statement or transaction as ingest and every state change (features/alarms/rollup.ts).
 * Null references are stored as 0.
 */
export const alarmRollupHour = pgTable(
  'alarm_rollup_hour',
  {
    hour: ts('hour').notNull(),
    sceneId: integer('scene_id').notNull(),
    areaId: integer('area_id').notNull(),
    factoryId: integer('factory_id').notNull(),
    priority: integer('priority').notNull(),
    alarmState: smallint('alarm_state').notNull(),
    falsePositive: boolean('false_positive').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'alarm_rollup_hour_pk',
      columns: [t.hour, t.sceneId, t.areaId, t.factoryId, t.priority, t.alarmState, t.falsePositive],
    }),
  ],
);

/**
 * Alarms raised per UTC hour and scene / area / plant, whatever their state or level: the trend of
 * the alarm analysis (and any hourly count without state or level) reads these — about one row
 * an hour per scene, where `alarm_rollup_hour` keeps one per scene × level × state. Only ingest
 * moves them: a state change leaves an alarm where it was raised. Null references are 0.
 */
export const alarmRollupSceneHour = pgTable(
  'alarm_rollup_scene_hour',
  {
    hour: ts('hour').notNull(),
    sceneId: integer('scene_id').notNull(),
    areaId: integer('area_id').notNull(),
    factoryId: integer('factory_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({
      name: 'alarm_rollup_scene_hour_pk',
      columns: [t.hour, t.sceneId, t.areaId, t.factoryId],
    }),
  ],
);
