import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { account } from './core.ts';
import { scene } from './scenes.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The installation and its licence (issue 15 §6): one row (id 1), written at the first start.
 * `installation_id` is generated once and never changes; the licence fields are what the
 * administrator entered from the licence document (informational: this is not DRM).
 */
export const installation = pgTable(
  'installation',
  {
    id: integer('id').primaryKey().default(1),
    installationId: text('installation_id').notNull(),
    licensee: text('licensee').notNull().default(''),
    /** Licensed camera channels; 0 = no licence entered yet. */
    licensedChannels: integer('licensed_channels').notNull().default(0),
    /** Last day of validity (inclusive), 'YYYY-MM-DD'; null = no expiry. */
    expiresOn: text('expires_on'),
    licenseKey: text('license_key').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('installation_single_row', sql`${t.id} = 1`)],
);

/**
 * The operator duty roster (issue 15 §6): one shift of one account over some scenes, either weekly
 * (weekdays 1 = Monday … 7 = Sunday, minutes of the day in `time_zone`; an end before the start
 * runs past midnight into the next day) or dated (an absolute start and end).
 */
export const dutyShift = pgTable(
  'duty_shift',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::int[]`),
    startMinute: integer('start_minute').notNull().default(0),
    endMinute: integer('end_minute').notNull().default(0),
    timeZone: text('time_zone').notNull().default('UTC'),
    startAt: ts('start_at'),
    endAt: ts('end_at'),
    note: text('note').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('duty_shift_account_idx').on(t.accountId)],
);

export const dutyShiftScene = pgTable(
  'duty_shift_scene',
  {
    shiftId: integer('shift_id')
      .notNull()
      .references(() => dutyShift.id, { onDelete: 'cascade' }),
    sceneId: integer('scene_id')
      .notNull()
      .references(() => scene.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shiftId, t.sceneId] }), index('duty_shift_scene_scene_idx').on(t.sceneId)],
);
