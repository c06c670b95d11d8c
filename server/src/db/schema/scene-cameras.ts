import {
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
import { camera } from './devices.ts';
import { scene } from './scenes.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A camera bound to a scene; enabled or disabled; unbinding deletes the row. */
export const sceneCamera = pgTable(
  'scene_camera',
  {
    id: serial('id').primaryKey(),
    sceneId: integer('scene_id')
      .notNull()
      .references(() => scene.id, { onDelete: 'cascade' }),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => camera.id, { onDelete: 'restrict' }),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('scene_camera_uq').on(t.sceneId, t.cameraId),
    index('scene_camera_camera_idx').on(t.cameraId),
  ],
);

/** An algorithm run on a scene camera, at one level (SPEC §5: once per camera, one level). */
export const sceneCameraAlgorithm = pgTable(
  'scene_camera_algorithm',
  {
    id: serial('id').primaryKey(),
    sceneCameraId: integer('scene_camera_id')
      .notNull()
      .references(() => sceneCamera.id, { onDelete: 'cascade' }),
    algorithmId: integer('algorithm_id')
      .notNull()
      .references(() => algorithm.id, { onDelete: 'restrict' }),
    level: integer('level').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('scene_camera_algorithm_uq').on(t.sceneCameraId, t.algorithmId)],
);

/**
 * Detection zone of an algorithm on a camera: a polygon in image coordinates normalised to
 * 0..1 ([[x, y], …]); at most 5 custom zones per camera algorithm (SPEC §5), ordered by `sort`.
 */
export const detectionZone = pgTable(
  'detection_zone',
  {
    id: serial('id').primaryKey(),
    sceneCameraAlgorithmId: integer('scene_camera_algorithm_id')
      .notNull()
      .references(() => sceneCameraAlgorithm.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    points: jsonb('points').$type<Array<[number, number]>>().notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('detection_zone_owner_idx').on(t.sceneCameraAlgorithmId, t.sort)],
);
