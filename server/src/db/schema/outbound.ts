import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Data upload (issue 16 §4): a receiver of alarms — an HTTP webhook or an MQTT broker. `secret`
 * (webhook HMAC key) and `password` (MQTT) are write-only in the API. The filters are arrays
 * (empty: any), matched in SQL when the outbox is fanned out.
 */
export const outboundReceiver = pgTable('outbound_receiver', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: text('name').notNull(),
  /** webhook | mqtt */
  kind: text('kind').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lang: text('lang').notNull().default('en'),
  url: text('url').notNull().default(''),
  secret: text('secret').notNull().default(''),
  timeoutMs: integer('timeout_ms').notNull().default(5000),
  maxAttempts: integer('max_attempts').notNull().default(8),
  brokerUrl: text('broker_url').notNull().default(''),
  username: text('username').notNull().default(''),
  password: text('password').notNull().default(''),
  topicTemplate: text('topic_template').notNull().default(''),
  levels: integer('levels').array().notNull().default(sql`'{}'`),
  plantIds: bigint('plant_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  areaIds: bigint('area_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  sceneIds: bigint('scene_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  algorithmIds: bigint('algorithm_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The durable outbox: one small row per alarm, inserted by the alarm ingest statement itself (so
 * it commits with the alarm or not at all) while at least one receiver is enabled. The dispatcher
 * claims rows with a lease (`owner`, `lease_until`; `attempts` counts the claims, so an instance
 * dying mid-send uses one up), sends each alarm to every matching receiver, then deletes the rows
 * and writes each outcome as a delivery row, in one statement. A row whose lease ran out (its
 * instance died) is claimed again.
 */
export const outboundOutbox = pgTable('outbound_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  owner: text('owner'),
  leaseUntil: ts('lease_until'),
  attempts: integer('attempts').notNull().default(0),
});

/**
 * One alarm at one receiver: unique (receiver, alarm) is the idempotency key. Written when the
 * first attempt's outcome is known (from the outbox): delivered, or pending with backoff, or dead.
 * A pending row: → sending (claimed with a lease) → delivered, or back to pending, or dead after
 * max attempts. A sending row whose lease ran out (its instance died) is claimable again.
 */
export const outboundDelivery = pgTable(
  'outbound_delivery',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receiverId: bigint('receiver_id', { mode: 'number' })
      .notNull()
      .references(() => outboundReceiver.id, { onDelete: 'cascade' }),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    /** pending | sending | delivered | dead */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    owner: text('owner'),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error').notNull().default(''),
    answer: text('answer').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbound_delivery_key').on(t.receiverId, t.alarmId),
    // Only the rows still to send (delivered and dead rows, nearly all of them, stay out of it).
    index('outbound_delivery_due_idx')
      .on(t.state, t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
    index('outbound_delivery_time_idx').on(t.createdAt, t.id),
  ],
);
