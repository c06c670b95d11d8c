import type { ReportDefinitionBody, ReportRecordListQuery } from '@sentinel/contract';
import { and, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, plantNode, reportDefinition, reportRecord, scene } from '../../db/schema/index.ts';
import { keywordMatch, pageOffset } from '../../platform/sql.ts';

export type DefinitionRow = typeof reportDefinition.$inferSelect;
export type RecordRow = typeof reportRecord.$inferSelect;

const PLANT_REPORT = sql`${reportDefinition.contents} @> '["plantAreas"]'::jsonb`;

export async function listDefinitions(
  db: Db,
  q: { page: number; limit: number; keyword?: string; plantReport?: boolean },
) {
  const where = and(
    keywordMatch(q.keyword, [reportDefinition.name]),
    q.plantReport === undefined ? undefined : q.plantReport ? PLANT_REPORT : sql`NOT ${PLANT_REPORT}`,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(reportDefinition)
      .where(where)
      .orderBy(desc(reportDefinition.id))
      .limit(q.limit)
      .offset(pageOffset(q.page, q.limit)),
    db.select({ n: sql<number>`count(*)::int` }).from(reportDefinition).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findDefinition(db: Db, id: number) {
  const [row] = await db.select().from(reportDefinition).where(eq(reportDefinition.id, id));
  return row;
}

export async function insertDefinition(db: Db, body: ReportDefinitionBody, nextDueAt: Date | null) {
  const [row] = await db
    .insert(reportDefinition)
    .values({ ...body, nextDueAt })
    .returning();
  if (!row) throw new Error('report definition not inserted');
  return row;
}

export async function updateDefinition(
  db: Db,
  id: number,
  body: ReportDefinitionBody,
  nextDueAt: Date | null,
  now: Date,
) {
  const [row] = await db
    .update(reportDefinition)
    .set({ ...body, nextDueAt, updatedAt: now })
    .where(eq(reportDefinition.id, id))
    .returning();
  return row;
}

export async function deleteDefinition(db: Db, id: number) {
  const rows = await db.delete(reportDefinition).where(eq(reportDefinition.id, id)).returning();
  return rows[0];
}

/** Enabled definitions due at `now`. */
export function dueDefinitions(db: Db, now: Date) {
  return db
    .select()
    .from(reportDefinition)
    .where(
      and(
        eq(reportDefinition.enabled, true),
        isNotNull(reportDefinition.nextDueAt),
        lte(reportDefinition.nextDueAt, now),
      ),
    )
    .orderBy(reportDefinition.nextDueAt, reportDefinition.id);
}

/** Moves a due definition on, only if its due time is still the one read (one claim per due time). */
export async function claimDue(db: Db, id: number, seenDue: Date, next: Date) {
  const rows = await db
    .update(reportDefinition)
    .set({ nextDueAt: next })
    .where(and(eq(reportDefinition.id, id), eq(reportDefinition.nextDueAt, seenDue)))
    .returning({ id: reportDefinition.id });
  return rows.length > 0;
}

export async function markDefinitionSent(db: Db, id: number, outcome: string, at: Date) {
  await db
    .update(reportDefinition)
    .set({ lastSentAt: at, lastOutcome: outcome })
    .where(eq(reportDefinition.id, id));
}

/** Names of plants, areas, scenes and accounts referenced by definitions. */
export async function namesFor(db: Db, nodeIds: number[], accountIds: number[]) {
  const [nodes, accounts] = await Promise.all([
    nodeIds.length
      ? db
          .select({ id: plantNode.id, name: plantNode.name })
          .from(plantNode)
          .where(inArray(plantNode.id, nodeIds))
      : [],
    accountIds.length
      ? db
          .select({ id: account.id, name: account.accountName, email: account.email })
          .from(account)
          .where(inArray(account.id, accountIds))
      : [],
  ]);
  return {
    nodes: new Map(nodes.map((n) => [n.id, n.name])),
    accounts: new Map(accounts.map((a) => [a.id, a])),
  };
}

/** How many of the ids exist (plant nodes, scenes, accounts). */
export async function countExisting(db: Db, what: 'node' | 'scene' | 'account', ids: number[]) {
  if (ids.length === 0) return 0;
  const table = what === 'node' ? plantNode : what === 'scene' ? scene : account;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(inArray(table.id, ids));
  return Number(row?.n ?? 0);
}

export async function sceneNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: scene.id, name: scene.name }).from(scene).where(inArray(scene.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertRecord(db: Db, values: typeof reportRecord.$inferInsert) {
  const [row] = await db.insert(reportRecord).values(values).returning();
  if (!row) throw new Error('report record not inserted');
  return row;
}

export async function findRecord(db: Db, id: number) {
  const [row] = await db.select().from(reportRecord).where(eq(reportRecord.id, id));
  return row;
}

export async function updateRecord(db: Db, id: number, set: Partial<typeof reportRecord.$inferInsert>) {
  const [row] = await db.update(reportRecord).set(set).where(eq(reportRecord.id, id)).returning();
  return row;
}

export async function listRecords(db: Db, q: ReportRecordListQuery) {
  const where = and(
    q.startTime ? gte(reportRecord.createdAt, new Date(q.startTime)) : undefined,
    q.endTime ? lte(reportRecord.createdAt, new Date(q.endTime)) : undefined,
    q.outcome ? eq(reportRecord.outcome, q.outcome) : undefined,
    q.definitionId ? eq(reportRecord.definitionId, q.definitionId) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(reportRecord)
      .where(where)
      .orderBy(desc(reportRecord.createdAt), desc(reportRecord.id))
      .limit(q.limit)
      .offset(pageOffset(q.page, q.limit)),
    db.select({ n: sql<number>`count(*)::int` }).from(reportRecord).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
