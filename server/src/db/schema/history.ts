import { sql } from 'drizzle-orm';
import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { engine } from './alarms.ts';
import { account } from './core.ts';
import { camera } from './devices.ts';
import { dcsPoint } from './equipment.ts';
import { plantNode } from './plant.ts';
import { fixedOperation, scene } from './scenes.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One run of a job in a scene (SPEC §4 "Job run"; the API calls it historyAssignment). State:
 * 0 not started, 1 running, 2 normally completed, 3 completed with violation, 4 undetermined.
 * Detection: 0 normal, 1 violation. Reported by the engine; alarms and events carry its id.
 */
export const historyAssignment = pgTable(
  'history_assignment',
  {
    id: serial('id').primaryKey(),
    engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
    engineRunId: text('engine_run_id'),
    jobNumber: text('job_number').notNull().default(''),
    jobName: text('job_name').notNull().default(''),
    sceneId: integer('scene_id').references(() => scene.id, { onDelete: 'set null' }),
    sceneName: text('scene_name').notNull().default(''),
    fixedOperationId: integer('fixed_operation_id').references(() => fixedOperation.id, {
      onDelete: 'set null',
    }),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'set null' }),
    areaName: text('area_name').notNull().default(''),
    state: smallint('state').notNull().default(0),
    detection: smallint('detection').notNull().default(0),
    startTime: ts('start_time'),
    endTime: ts('end_time'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('history_assignment_engine_run_uq').on(t.engineId, t.engineRunId),
    index('history_assignment_time_idx').on(t.createdAt.desc(), t.id.desc()),
    index('history_assignment_scene_idx').on(t.sceneId, t.createdAt.desc()),
  ],
);

/** An event seen by the engine (SPEC §3 "Event record": id, eventName, eventTime, eventImg). */
export const eventRecord = pgTable(
  'event_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
    engineEventId: text('engine_event_id'),
    eventName: text('event_name').notNull(),
    eventTime: ts('event_time').notNull(),
    eventImg: text('event_img').notNull().default(''),
    sceneId: integer('scene_id').references(() => scene.id, { onDelete: 'set null' }),
    sceneName: text('scene_name').notNull().default(''),
    cameraId: integer('camera_id').references(() => camera.id, { onDelete: 'set null' }),
    cameraName: text('camera_name').notNull().default(''),
    historyAssignmentId: integer('history_assignment_id').references(() => historyAssignment.id, {
      onDelete: 'set null',
    }),
    extraInfo: jsonb('extra_info').notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('event_record_engine_event_uq').on(t.engineId, t.engineEventId),
    index('event_record_time_idx').on(t.eventTime.desc(), t.id.desc()),
    index('event_record_assignment_idx').on(t.historyAssignmentId, t.eventTime),
    index('event_record_img_idx').on(t.eventImg).where(sql`${t.eventImg} <> ''`),
  ],
);

/**
 * A DCS alarm: a control-system tag out of its limits. States as video alarms' first two:
 * 1 pending, 2 processed. Names are copied so the record survives renamed or deleted points.
 */
export const dcsAlarm = pgTable(
  'dcs_alarm',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    engineId: integer('engine_id').references(() => engine.id, { onDelete: 'set null' }),
    engineEventId: text('engine_event_id'),
    dcsPointId: integer('dcs_point_id').references(() => dcsPoint.id, { onDelete: 'set null' }),
    tag: text('tag').notNull().default(''),
    pointName: text('point_name').notNull().default(''),
    unit: text('unit').notNull().default(''),
    value: doublePrecision('value'),
    lowLimit: doublePrecision('low_limit'),
    highLimit: doublePrecision('high_limit'),
    priority: integer('priority').notNull().default(120002),
    message: text('message').notNull().default(''),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'set null' }),
    areaName: text('area_name').notNull().default(''),
    sceneId: integer('scene_id').references(() => scene.id, { onDelete: 'set null' }),
    sceneName: text('scene_name').notNull().default(''),
    alarmTime: ts('alarm_time').notNull(),
    alarmState: smallint('alarm_state').notNull().default(1),
    stateComments: text('state_comments').notNull().default(''),
    handlerId: integer('handler_id').references(() => account.id, { onDelete: 'set null' }),
    handler: text('handler').notNull().default(''),
    handleTime: ts('handle_time'),
    /** Guards concurrent processing (compare-and-set), as on video alarms. */
    version: integer('version').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('dcs_alarm_engine_event_uq').on(t.engineId, t.engineEventId),
    index('dcs_alarm_time_idx').on(t.alarmTime.desc(), t.id.desc()),
  ],
);
