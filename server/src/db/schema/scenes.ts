import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { plantNode } from './plant.ts';
import { workflow } from './workflows.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Job types: hot work, work at height, confined space… `kind` 'fixed' | 'temporary'. */
export const jobType = pgTable('job_type', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull().default('fixed'),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Monitored scene (SPEC §1): `kind` 'general' | 'job' (fixed operation) | 'temporary'.
 * Scene name, area, job type (job and temporary scenes), camera list (scene_camera).
 */
export const scene = pgTable(
  'scene',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('general'),
    areaId: integer('area_id')
      .notNull()
      .references(() => plantNode.id, { onDelete: 'restrict' }),
    jobTypeId: integer('job_type_id').references(() => jobType.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('scene_kind_name_uq').on(t.kind, t.name), index('scene_area_idx').on(t.areaId)],
);

/** Fixed operation (SPEC §3: job type, flowchart) attached to a job scene. */
export const fixedOperation = pgTable('fixed_operation', {
  id: serial('id').primaryKey(),
  sceneId: integer('scene_id')
    .notNull()
    .unique()
    .references(() => scene.id, { onDelete: 'cascade' }),
  jobTypeId: integer('job_type_id')
    .notNull()
    .references(() => jobType.id, { onDelete: 'restrict' }),
  workflowId: integer('workflow_id').references(() => workflow.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Temporary job (SPEC §3: number, name, operator, team leader, guardian, address). */
export const temporaryJob = pgTable('temporary_job', {
  id: serial('id').primaryKey(),
  sceneId: integer('scene_id')
    .notNull()
    .unique()
    .references(() => scene.id, { onDelete: 'cascade' }),
  number: text('number').notNull().unique(),
  name: text('name').notNull(),
  operator: text('operator').notNull().default(''),
  teamLeader: text('team_leader').notNull().default(''),
  guardian: text('guardian').notNull().default(''),
  address: text('address').notNull().default(''),
  startTime: ts('start_time'),
  endTime: ts('end_time'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
