import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A report definition (issue 16 §1, §5): what the report holds, its scope, how often it is sent
 * and to whom (each recipient with a language). `next_due_at` is moved on by the reportSending
 * plan task with a conditional UPDATE in the transaction that enqueues the send.
 */
export const reportDefinition = pgTable('report_definition', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  contents: jsonb('contents').$type<string[]>().notNull(),
  plantId: integer('plant_id'),
  scope: jsonb('scope').$type<{ factoryIds: number[]; areaIds: number[]; sceneIds: number[] }>().notNull(),
  frequency: text('frequency').notNull(),
  intervalMinutes: integer('interval_minutes'),
  timeOfDay: text('time_of_day').notNull().default('07:00'),
  weekday: integer('weekday').notNull().default(1),
  dayOfMonth: integer('day_of_month').notNull().default(1),
  recipients: jsonb('recipients')
    .$type<{ accountId: number | null; address: string; lang: 'en' | 'zh-CN' }[]>()
    .notNull(),
  skipWhenNoAlarms: boolean('skip_when_no_alarms').notNull().default(false),
  nextDueAt: ts('next_due_at'),
  lastSentAt: ts('last_sent_at'),
  lastOutcome: text('last_outcome'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One delivery of a send: the recipients of one language and the SMTP server's answer. */
export interface ReportDelivery {
  lang: 'en' | 'zh-CN';
  to: string[];
  ok: boolean;
  answer: string;
  size: number;
}

/**
 * One send of a report (the view record): its definition as it was (so a resend sends the same
 * report even after the definition changed), the range, the outcome and the server's answer.
 */
export const reportRecord = pgTable(
  'report_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    definitionId: integer('definition_id'),
    definitionName: text('definition_name').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    /** schedule | manual | resend */
    trigger: text('trigger').notNull(),
    resendOf: integer('resend_of'),
    rangeStart: ts('range_start').notNull(),
    rangeEnd: ts('range_end').notNull(),
    recipients: jsonb('recipients')
      .$type<{ address: string; lang: 'en' | 'zh-CN' }[]>()
      .notNull()
      .default([]),
    deliveries: jsonb('deliveries').$type<ReportDelivery[]>().notNull().default([]),
    size: integer('size').notNull().default(0),
    /** pending | sent | skipped | failed */
    outcome: text('outcome').notNull().default('pending'),
    /** noAlarms | noMailServer | noRecipients | smtp */
    reason: text('reason'),
    answer: text('answer').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('report_record_time_idx').on(t.createdAt, t.id),
    index('report_record_definition_idx').on(t.definitionId, t.createdAt),
  ],
);
