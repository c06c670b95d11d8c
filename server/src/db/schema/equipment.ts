// IoT equipment, sensors, DCS points, analysis/media servers and the mail server (issue 3 §3).
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { plantNode } from './plant.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A networked device in the plant: gas detector, access gate, PLC gateway… */
export const iotEquipment = pgTable(
  'iot_equipment',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    /** Free text kind: gas detector, access gate, PLC gateway… */
    kind: text('kind').notNull().default(''),
    /** 'MQTT' | 'Modbus-TCP' | 'HTTP' */
    protocol: text('protocol').notNull(),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'restrict' }),
    online: boolean('online').notNull().default(false),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('iot_equipment_area_idx').on(t.areaId)],
);

/** A sensor (gas, temperature, pressure, smoke…) with its alarm thresholds (low < high). */
export const sensor = pgTable(
  'sensor',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    unit: text('unit').notNull().default(''),
    lowThreshold: doublePrecision('low_threshold'),
    highThreshold: doublePrecision('high_threshold'),
    iotEquipmentId: integer('iot_equipment_id').references(() => iotEquipment.id, {
      onDelete: 'restrict',
    }),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('sensor_area_idx').on(t.areaId), index('sensor_equipment_idx').on(t.iotEquipmentId)],
);

/** A DCS tag read from the plant's control system, at its plant location. */
export const dcsPoint = pgTable(
  'dcs_point',
  {
    id: serial('id').primaryKey(),
    tag: text('tag').notNull().unique(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    areaId: integer('area_id').references(() => plantNode.id, { onDelete: 'restrict' }),
    lowLimit: doublePrecision('low_limit'),
    highLimit: doublePrecision('high_limit'),
    description: text('description').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('dcs_point_area_idx').on(t.areaId)],
);

/** Analysis, media and storage servers (address and port). */
export const analysisServer = pgTable('analysis_server', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 'analysis' | 'media' | 'storage' */
  kind: text('kind').notNull(),
  ip: text('ip').notNull(),
  port: integer('port').notNull(),
  description: text('description').notNull().default(''),
  online: boolean('online').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The mail server (a single row, id 1). The password is never sent back by the API. */
export const mailServer = pgTable('mail_server', {
  id: integer('id').primaryKey(),
  host: text('host').notNull().default(''),
  port: integer('port').notNull().default(25),
  /** TLS from the first byte (SMTPS, usually port 465); otherwise STARTTLS when offered. */
  encrypted: boolean('encrypted').notNull().default(false),
  username: text('username').notNull().default(''),
  password: text('password').notNull().default(''),
  fromAddress: text('from_address').notNull().default(''),
  testAddress: text('test_address').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
