import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The database-backed job queue (platform/job-queue.ts): training today, reports and outbound
 * deliveries later. A job is `queued` until `run_after`, then claimed by one instance with
 * `FOR UPDATE SKIP LOCKED` (`running`, `owner`, `lease_until` renewed while it works), and ends
 * `done`, `failed` (attempts used up; `last_error`) or `cancelled`. A running job whose lease ran
 * out is put back in the queue (or failed when its attempts are used up) by the sweep.
 */
export const jobQueue = pgTable(
  'job_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** queued | running | done | failed | cancelled */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: ts('run_after').notNull().defaultNow(),
    owner: text('owner'),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('job_queue_claim_idx').on(t.queue, t.state, t.runAfter, t.id),
    index('job_queue_lease_idx').on(t.state, t.leaseUntil),
  ],
);
