// The delivery log: its list, redelivery of dead rows and the pruning of old delivered ones.
import type { DeliveryItem, DeliveryListQuery } from '@sentinel/contract';
import { idempotencyKeyOf } from '@sentinel/contract';
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundDelivery, outboundReceiver } from '../../db/schema/index.ts';
import { pageOffset } from '../../platform/sql.ts';
import { rowsOf } from './outbox-repo.ts';

export async function listDeliveries(db: Db, q: DeliveryListQuery) {
  const conditions: (SQL | undefined)[] = [
    q.receiverId ? eq(outboundDelivery.receiverId, q.receiverId) : undefined,
    q.alarmId ? eq(outboundDelivery.alarmId, q.alarmId) : undefined,
    q.state ? eq(outboundDelivery.state, q.state) : undefined,
    q.from ? gte(outboundDelivery.createdAt, new Date(q.from)) : undefined,
    q.to ? lte(outboundDelivery.createdAt, new Date(q.to)) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(outboundDelivery).where(where);
  const rows = await db
    .select({ d: outboundDelivery, receiverName: outboundReceiver.name })
    .from(outboundDelivery)
    .innerJoin(outboundReceiver, eq(outboundReceiver.id, outboundDelivery.receiverId))
    .where(where)
    .orderBy(desc(outboundDelivery.createdAt), desc(outboundDelivery.id))
    .limit(q.limit)
    .offset(pageOffset(q.page, q.limit));
  const list: DeliveryItem[] = rows.map(({ d, receiverName }) => ({
    id: d.id,
    receiverId: d.receiverId,
    receiverName,
    alarmId: d.alarmId,
    idempotencyKey: idempotencyKeyOf(d.receiverId, d.alarmId),
    state: d.state as DeliveryItem['state'],
    attempts: d.attempts,
    nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
    lastError: d.lastError,
    answer: d.answer,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt ? d.deliveredAt.toISOString() : null,
    updatedAt: d.updatedAt.toISOString(),
  }));
  return { list, count: total?.n ?? 0 };
}

/** Dead deliveries (these ids, or all — of one receiver) go back to pending with fresh attempts. */
export async function redeliver(db: Db, now: Date, which: { ids?: number[]; receiverId?: number }) {
  const rows = await db
    .update(outboundDelivery)
    .set({ state: 'pending', attempts: 0, nextAttemptAt: now, lastError: '', updatedAt: now })
    .where(
      and(
        eq(outboundDelivery.state, 'dead'),
        which.ids ? inArray(outboundDelivery.id, which.ids) : undefined,
        which.receiverId ? eq(outboundDelivery.receiverId, which.receiverId) : undefined,
      ),
    )
    .returning({ id: outboundDelivery.id });
  return rows.length;
}

/** Deletes delivered rows older than `before` in batches; answers how many. */
export async function pruneDelivered(db: Db, before: Date, signal: AbortSignal) {
  let deleted = 0;
  for (;;) {
    if (signal.aborted) break;
    const result = await db.execute(sql`
      DELETE FROM ${outboundDelivery} WHERE id IN (
        SELECT id FROM ${outboundDelivery}
        WHERE state = 'delivered' AND created_at < ${before.toISOString()}::timestamptz LIMIT 5000)
      RETURNING id`);
    const n = rowsOf(result).length;
    deleted += n;
    if (n < 5000) break;
  }
  return deleted;
}
