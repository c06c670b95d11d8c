// The outbox and the delivery claims: what ingest writes for the dispatcher, and the dispatcher's
// claims of outbox rows and due deliveries (SKIP LOCKED leases shared by instances) and their outcomes.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundDelivery, outboundOutbox, outboundReceiver } from '../../db/schema/index.ts';

/** The rows of a raw `db.execute` result (an array, or `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * The CTE the alarm ingest statement runs (features/alarms/ingest-service.ts): one outbox row per
 * new alarm, in the same statement as the alarm, only while a receiver is enabled (an index-less
 * look at a table of a few rows; nothing is written when no one receives).
 */
export const outboxInsertFrom = (cte: string) =>
  sql.raw(`INSERT INTO outbound_outbox (alarm_id)
      SELECT id FROM ${cte} WHERE EXISTS (SELECT 1 FROM outbound_receiver WHERE enabled)`);

/** The alarm columns a message is made of (`a`: video_alarm, `pl`: the area's plant node). */
const MESSAGE_COLUMNS = sql.raw(`a.alarm_time, a.priority, a.alarm_state, a.algorithm_id,
  a.video_alarm_type_name, a.scene_id, a.scene_name, a.camera_id, a.camera_name, a.area_id,
  a.area_name, a.factory_id, a.factory_name, a.alarm_result, a.alarm_image, a.alarm_image_draw,
  pl.name AS plant_name`);

export interface ClaimedAlarm {
  /** The outbox row. */
  outboxId: number;
  alarmId: number;
  /** Claims of this row so far, this one included (an instance that died mid-send used one). */
  attempts: number;
  /** Enabled receivers whose filters match (none: the alarm is gone or no one wants it). */
  receiverIds: number[];
  /** The alarm as messages show it; undefined when it was deleted meanwhile. */
  alarm: AlarmForMessage | undefined;
}

/**
 * Claims up to `limit` outbox rows for `owner` until `until` (SKIP LOCKED: instances share the
 * work; a row whose lease ran out is claimed again) and answers, in the same statement, each
 * alarm's message columns and the enabled receivers whose filters match it.
 */
export async function claimOutbox(
  db: Db,
  owner: string,
  now: Date,
  until: Date,
  limit: number,
): Promise<ClaimedAlarm[]> {
  const result = await db.execute(sql`
    WITH claimed AS (
      UPDATE ${outboundOutbox} AS o SET owner = ${owner}, lease_until = ${until.toISOString()}::timestamptz,
        attempts = o.attempts + 1
      WHERE o.id IN (
        SELECT id FROM ${outboundOutbox}
        WHERE owner IS NULL OR lease_until < ${now.toISOString()}::timestamptz
        ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING o.id, o.alarm_id, o.attempts
    )
    SELECT c.id AS outbox_id, c.alarm_id, c.attempts, a.id AS found, ${MESSAGE_COLUMNS},
      ARRAY(SELECT r.id FROM ${outboundReceiver} r WHERE a.id IS NOT NULL AND r.enabled
          AND (cardinality(r.levels) = 0 OR a.priority = ANY(r.levels))
          AND (cardinality(r.scene_ids) = 0 OR a.scene_id = ANY(r.scene_ids))
          AND (cardinality(r.algorithm_ids) = 0 OR a.algorithm_id = ANY(r.algorithm_ids))
          AND (cardinality(r.area_ids) = 0 OR a.area_id = ANY(r.area_ids))
          AND (cardinality(r.plant_ids) = 0 OR a.factory_id = ANY(r.plant_ids)
            OR ar.parent_id = ANY(r.plant_ids) OR a.area_id = ANY(r.plant_ids))
        ORDER BY r.id) AS receiver_ids
    FROM claimed c
      LEFT JOIN video_alarm a ON a.id = c.alarm_id
      LEFT JOIN plant_node ar ON ar.id = a.area_id
      LEFT JOIN plant_node pl ON pl.id = ar.parent_id
    ORDER BY c.id`);
  return rowsOf<
    Omit<AlarmForMessage, 'id'> & {
      outbox_id: string | number;
      alarm_id: string | number;
      attempts: number;
      found: string | number | null;
      receiver_ids: (string | number)[];
    }
  >(result).map(({ outbox_id, alarm_id, attempts, found, receiver_ids, ...alarm }) => ({
    outboxId: Number(outbox_id),
    alarmId: Number(alarm_id),
    attempts,
    receiverIds: receiver_ids.map(Number),
    alarm: found === null ? undefined : { ...alarm, id: found },
  }));
}

/** The outcome of one claimed alarm at one receiver (the row the delivery log shows). */
export interface FirstOutcome {
  outbox: number;
  receiver: number;
  alarm: number;
  state: 'delivered' | 'pending' | 'dead';
  attempts: number;
  answer: string;
  error: string;
  /** Next attempt (pending). */
  next: string | null;
}

/**
 * Ends this owner's claims of outbox rows: deletes them and writes each receiver's outcome as its
 * delivery row, in one statement (so an alarm is never both in the outbox and recorded). A row no
 * longer this owner's (its lease ran out and another instance took it) is left to that instance.
 * `ids` are all the claimed rows (a row with no outcome: no receiver wanted it).
 */
export async function completeOutbox(
  db: Db,
  owner: string,
  now: Date,
  ids: number[],
  outcomes: FirstOutcome[],
): Promise<void> {
  if (ids.length === 0) return;
  const at = now.toISOString();
  await db.execute(sql`
    WITH done AS (
      DELETE FROM ${outboundOutbox}
      WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[]) AND owner = ${owner}
      RETURNING id, created_at
    )
    INSERT INTO ${outboundDelivery} (receiver_id, alarm_id, state, attempts, next_attempt_at,
      last_error, answer, created_at, delivered_at, updated_at)
    SELECT v.receiver, v.alarm, v.state, v.attempts, coalesce(v.next, ${at}::timestamptz), v.error,
      v.answer, done.created_at, CASE WHEN v.state = 'delivered' THEN ${at}::timestamptz END, ${at}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) AS v(outbox bigint, receiver bigint,
        alarm bigint, state text, attempts int, answer text, error text, next timestamptz)
      JOIN done ON done.id = v.outbox
    ON CONFLICT (receiver_id, alarm_id) DO NOTHING`);
}

export interface ClaimedDelivery {
  id: number;
  receiverId: number;
  alarmId: number;
  attempts: number;
}

/**
 * Claims up to `limit` due deliveries of enabled receivers for `owner` until `until`: pending ones
 * whose time has come, and sending ones whose lease ran out (their instance died). The attempt is
 * counted at the claim, so a crash mid-send still uses one up.
 */
export async function claimDeliveries(
  db: Db,
  owner: string,
  now: Date,
  until: Date,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    UPDATE ${outboundDelivery} SET state = 'sending', owner = ${owner},
      lease_until = ${until.toISOString()}::timestamptz, attempts = attempts + 1, updated_at = ${at}::timestamptz
    WHERE id IN (
      SELECT id FROM ${outboundDelivery}
      WHERE ((state = 'pending' AND next_attempt_at <= ${at}::timestamptz)
          OR (state = 'sending' AND lease_until < ${at}::timestamptz))
        AND receiver_id IN (SELECT id FROM ${outboundReceiver} WHERE enabled)
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, receiver_id, alarm_id, attempts`);
  return rowsOf<{
    id: string | number;
    receiver_id: string | number;
    alarm_id: string | number;
    attempts: number;
  }>(result).map((r) => ({
    id: Number(r.id),
    receiverId: Number(r.receiver_id),
    alarmId: Number(r.alarm_id),
    attempts: r.attempts,
  }));
}

export interface DeliveryOutcome {
  id: number;
  state: 'delivered' | 'pending' | 'dead' | 'release';
  answer: string;
  error: string;
  /** Next attempt (pending). */
  next: string | null;
}

/**
 * Records the outcomes of this owner's claimed deliveries in one statement; a row no longer this
 * owner's (its lease ran out and another instance took it) is left alone. `release` (shutdown)
 * puts it back without counting the attempt.
 */
export async function completeDeliveries(db: Db, owner: string, now: Date, outcomes: DeliveryOutcome[]) {
  if (outcomes.length === 0) return 0;
  const at = now.toISOString();
  const result = await db.execute(sql`
    UPDATE ${outboundDelivery} AS d SET
      state = CASE WHEN v.state = 'release' THEN 'pending' ELSE v.state END,
      attempts = CASE WHEN v.state = 'release' THEN greatest(d.attempts - 1, 0) ELSE d.attempts END,
      answer = CASE WHEN v.state = 'release' THEN d.answer ELSE v.answer END,
      last_error = CASE WHEN v.state = 'release' THEN d.last_error ELSE v.error END,
      next_attempt_at = coalesce(v.next, ${at}::timestamptz),
      delivered_at = CASE WHEN v.state = 'delivered' THEN ${at}::timestamptz ELSE NULL END,
      owner = NULL, lease_until = NULL, updated_at = ${at}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
      AS v(id bigint, state text, answer text, error text, next timestamptz)
    WHERE d.id = v.id AND d.owner = ${owner} AND d.state = 'sending'
    RETURNING d.id`);
  return rowsOf(result).length;
}

/** This instance's own claims from a previous life go back at once (no need to wait for the lease). */
export async function releaseOwn(db: Db, owner: string) {
  await db
    .update(outboundOutbox)
    .set({ owner: null, leaseUntil: null })
    .where(eq(outboundOutbox.owner, owner));
  await db
    .update(outboundDelivery)
    .set({ state: 'pending', owner: null, leaseUntil: null })
    .where(and(eq(outboundDelivery.state, 'sending'), eq(outboundDelivery.owner, owner)));
}

/** The alarm rows (with the area's plant) the messages of retried deliveries are made of. */
export async function alarmsForMessages(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    SELECT a.id, ${MESSAGE_COLUMNS}
    FROM video_alarm a
      LEFT JOIN plant_node ar ON ar.id = a.area_id
      LEFT JOIN plant_node pl ON pl.id = ar.parent_id
    WHERE a.id = ANY(${`{${ids.join(',')}}`}::bigint[])`);
  return rowsOf<AlarmForMessage>(result);
}

export interface AlarmForMessage {
  id: string | number;
  alarm_time: string | Date;
  priority: number;
  alarm_state: number;
  algorithm_id: string | number | null;
  video_alarm_type_name: string;
  scene_id: string | number | null;
  scene_name: string;
  camera_id: string | number | null;
  camera_name: string;
  area_id: string | number | null;
  area_name: string;
  factory_id: string | number | null;
  factory_name: string;
  alarm_result: string;
  alarm_image: string;
  alarm_image_draw: string;
  plant_name: string | null;
}
