import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { account } from './core.ts';
import { plantNode } from './plant.ts';
import { scene } from './scenes.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's alarm rule (SPEC §2 alarm-rule page, opened with the user id and type 1; SPEC §9
 * frequencies and thresholds). frequency: 'realtime' | 'minute' | 'fiveMinutes' | 'halfHour' |
 * 'hour' | 'daily' | 'interval' (then intervalMinutes). Null thresholds mean "no limit".
 * priorities: the priority codes pushed to the panel and put in reports (empty = all).
 */
export const alarmRule = pgTable(
  'alarm_rule',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    frequency: text('frequency').notNull().default('realtime'),
    intervalMinutes: integer('interval_minutes'),
    maxPerMinute: integer('max_per_minute'),
    maxPerFiveMinutes: integer('max_per_five_minutes'),
    maxPerHour: integer('max_per_hour'),
    maxPerDay: integer('max_per_day'),
    priorities: jsonb('priorities').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.type] })],
);

/**
 * Scene authority (ARCHITECTURE "Auth and permissions"): an account whose `allScenes` flag is off
 * sees cameras and alarms of the scenes granted here only. Admins see every scene.
 */
export const accountScene = pgTable(
  'account_scene',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    sceneId: integer('scene_id')
      .notNull()
      .references(() => scene.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.sceneId] })],
);

/**
 * Regional management authority (SPEC §3 Account): the plant nodes (factory, plant or area) an
 * account manages. An account that does not see every scene sees the scenes granted in
 * account_scene and every scene of these regions (and the regions below them).
 */
export const accountRegion = pgTable(
  'account_region',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    plantNodeId: integer('plant_node_id')
      .notNull()
      .references(() => plantNode.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.plantNodeId] })],
);
