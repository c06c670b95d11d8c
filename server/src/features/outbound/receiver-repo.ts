// Receivers (the data upload targets): their CRUD and the list with each one's delivery counts.
import type { ReceiverItem, ReceiverListQuery } from '@sentinel/contract';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outboundDelivery, outboundReceiver } from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

export type ReceiverRow = typeof outboundReceiver.$inferSelect;
export type ReceiverValues = Omit<ReceiverRow, 'id' | 'createdAt' | 'updatedAt'>;

export function toReceiverItem(
  row: ReceiverRow,
  counts?: { pending: number; delivered: number; dead: number },
) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as ReceiverItem['kind'],
    enabled: row.enabled,
    lang: row.lang as ReceiverItem['lang'],
    url: row.url,
    hasSecret: row.secret !== '',
    timeoutMs: row.timeoutMs,
    maxAttempts: row.maxAttempts,
    brokerUrl: row.brokerUrl,
    username: row.username,
    hasPassword: row.password !== '',
    topicTemplate: row.topicTemplate,
    filters: {
      levels: row.levels as ReceiverItem['filters']['levels'],
      plantIds: row.plantIds,
      areaIds: row.areaIds,
      sceneIds: row.sceneIds,
      algorithmIds: row.algorithmIds,
    },
    pending: counts?.pending ?? 0,
    delivered: counts?.delivered ?? 0,
    dead: counts?.dead ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  } satisfies ReceiverItem;
}

export async function listReceivers(db: Db, q: ReceiverListQuery) {
  const where = and(
    keywordMatch(q.keyword, [outboundReceiver.name]),
    q.kind ? eq(outboundReceiver.kind, q.kind) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(outboundReceiver).where(where);
  const rows = await db
    .select()
    .from(outboundReceiver)
    .where(where)
    .orderBy(desc(outboundReceiver.id))
    .limit(q.limit)
    .offset(pageOffset(q.page, q.limit));
  const ids = rows.map((r) => r.id);
  const counts = new Map<number, { pending: number; delivered: number; dead: number }>();
  if (ids.length > 0) {
    const byState = await db
      .select({ id: outboundDelivery.receiverId, state: outboundDelivery.state, n: count() })
      .from(outboundDelivery)
      .where(inArray(outboundDelivery.receiverId, ids))
      .groupBy(outboundDelivery.receiverId, outboundDelivery.state);
    for (const r of byState) {
      const c = counts.get(r.id) ?? { pending: 0, delivered: 0, dead: 0 };
      if (r.state === 'delivered') c.delivered += r.n;
      else if (r.state === 'dead') c.dead += r.n;
      else c.pending += r.n;
      counts.set(r.id, c);
    }
  }
  return { list: rows.map((r) => toReceiverItem(r, counts.get(r.id))), count: total?.n ?? 0 };
}

export async function findReceiver(db: Db, id: number) {
  const [row] = await db.select().from(outboundReceiver).where(eq(outboundReceiver.id, id));
  return row;
}

export async function receiversByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(outboundReceiver).where(inArray(outboundReceiver.id, ids));
}

export async function insertReceiver(db: Db, values: ReceiverValues) {
  const [row] = await db.insert(outboundReceiver).values(values).returning();
  if (!row) throw new Error('receiver not inserted');
  return row;
}

export async function updateReceiver(db: Db, id: number, values: ReceiverValues, now: Date) {
  const [row] = await db
    .update(outboundReceiver)
    .set({ ...values, updatedAt: now })
    .where(eq(outboundReceiver.id, id))
    .returning();
  return row;
}

export async function deleteReceiver(db: Db, id: number) {
  const rows = await db.delete(outboundReceiver).where(eq(outboundReceiver.id, id)).returning();
  return rows[0];
}
