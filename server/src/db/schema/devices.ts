import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { plantNode } from './plant.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Camera type catalogue: a brand, model and type combination cannot repeat (SPEC §5). */
export const cameraType = pgTable(
  'camera_type',
  {
    id: serial('id').primaryKey(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    type: text('type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('camera_type_combo_uq').on(t.brand, t.model, t.type)],
);

/** Video platforms (NVR / GB28181 / vendor platforms) cameras can be reached through. */
export const cameraPlatform = pgTable('camera_platform', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  kind: text('kind').notNull().default('nvr'),
  ip: text('ip').notNull(),
  port: integer('port').notNull(),
  username: text('username').notNull().default(''),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Camera (SPEC §3): name, brand, model, type, code, video port, control port, agreement
 * (protocol), device serial, device code, position label, longitude, latitude, fixed or moving,
 * online or offline. `virtual` cameras replay a file or url instead of a device.
 */
export const camera = pgTable(
  'camera',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    cameraTypeId: integer('camera_type_id').references(() => cameraType.id, { onDelete: 'restrict' }),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'restrict' }),
    platformId: integer('platform_id').references(() => cameraPlatform.id, { onDelete: 'set null' }),
    ip: text('ip').notNull().default(''),
    videoPort: integer('video_port'),
    controlPort: integer('control_port'),
    agreement: text('agreement').notNull().default('rtsp'),
    username: text('username').notNull().default(''),
    deviceSerial: text('device_serial').notNull().default(''),
    deviceCode: text('device_code').notNull().default(''),
    positionLabel: text('position_label').notNull().default(''),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    moving: boolean('moving').notNull().default(false),
    online: boolean('online').notNull().default(false),
    lastSeenAt: ts('last_seen_at'),
    mainStreamUrl: text('main_stream_url').notNull().default(''),
    subStreamUrl: text('sub_stream_url').notNull().default(''),
    virtual: boolean('virtual').notNull().default(false),
    /** Media path (under DATA_DIR/media) of the latest snapshot image. */
    snapshotPath: text('snapshot_path'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('camera_area_idx').on(t.areaId), index('camera_name_idx').on(t.name)],
);

/** Camera rotation (tour) groups for the video wall. */
export const cameraRotationGroup = pgTable('camera_rotation_group', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  intervalSeconds: integer('interval_seconds').notNull().default(30),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const cameraRotationMember = pgTable(
  'camera_rotation_member',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => cameraRotationGroup.id, { onDelete: 'cascade' }),
    cameraId: integer('camera_id')
      .notNull()
      .references(() => camera.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [unique('camera_rotation_member_uq').on(t.groupId, t.cameraId)],
);
