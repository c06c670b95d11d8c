import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The global alarm push policy and alarm sound (issue 16 §3): one row (id 1). The custom sound is
 * kept in the database (base64 text, ≤ 1 MB decoded) so that every instance serves the same file
 * without a shared disk.
 */
export const alarmSetting = pgTable(
  'alarm_setting',
  {
    id: integer('id').primaryKey(),
    /** The push policy (AlarmPushPolicy of the contract). */
    policy: jsonb('policy').notNull(),
    soundName: text('sound_name').notNull().default(''),
    /** The uploaded mp3, base64; '' for the built-in sound. */
    soundData: text('sound_data').notNull().default(''),
    soundSize: integer('sound_size').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('alarm_setting_single_row', sql`${t.id} = 1`)],
);

/** A saved message template per channel ('mail', 'outbound') and language; absent: the default. */
export const alarmTemplate = pgTable(
  'alarm_template',
  {
    channel: text('channel').notNull(),
    lang: text('lang').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'alarm_template_pk', columns: [t.channel, t.lang] })],
);
