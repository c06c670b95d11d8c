import { PROTOCOL_COUNT_CAP, type ProtocolCountQuery, type ProtocolLogFilter } from '@sentinel/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engineMessage } from '../../db/schema/index.ts';

/** One engine message to store (the recorder's buffer holds these). */
export type EngineMessageRow = typeof engineMessage.$inferInsert;

/** Stores a batch in one statement. */
export async function insertMessages(db: Db, rows: EngineMessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(engineMessage).values(rows);
}

/**
 * Deletes up to `batch` messages received before `cutoff`, oldest first (the time index), and
 * answers how many went. A bounded statement: the retention task calls it a few times per run.
 */
export async function deleteOlderThan(db: Db, cutoff: Date, batch: number): Promise<number> {
  const result = await db.execute(sql`
    delete from engine_message where id in (
      select id from engine_message where received_at < ${cutoff.toISOString()}::timestamptz
      order by received_at, id limit ${batch}
    )`);
  return rowCount(result);
}

function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

/** The list's and the counts' WHERE: the same filter gives the same rows on both pages. */
function filterSql(filter: ProtocolLogFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.startTime) parts.push(sql`m.received_at >= ${filter.startTime}::timestamptz`);
  if (filter.endTime) parts.push(sql`m.received_at <= ${filter.endTime}::timestamptz`);
  if (filter.kind) parts.push(sql`m.kind = ${filter.kind}`);
  if (filter.outcome) parts.push(sql`m.outcome = ${filter.outcome}`);
  if (filter.engineId) parts.push(sql`m.engine_id = ${filter.engineId}`);
  if (filter.cameraId) parts.push(sql`m.camera_id = ${filter.cameraId}`);
  if (filter.reason) parts.push(sql`m.reason = ${filter.reason}`);
  return sql.join(parts, sql` and `);
}

interface ItemRow {
  id: string | number;
  received_at: Date | string;
  kind: string;
  engine_id: number | null;
  engine_name: string | null;
  outcome: string;
  status: number;
  reason: string | null;
  camera_id: number | null;
  camera_name: string | null;
  duration_ms: number | null;
}
interface DetailRow extends ItemRow {
  raw: Record<string, unknown>;
  result: unknown;
}

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const toItem = (r: ItemRow) => ({
  id: Number(r.id),
  receivedAt: iso(r.received_at),
  kind: r.kind,
  engineId: r.engine_id,
  engineName: r.engine_name,
  outcome: r.outcome,
  status: r.status,
  reason: r.reason,
  cameraId: r.camera_id,
  cameraName: r.camera_name,
  durationMs: r.duration_ms,
});

const selectItem = sql`
  select m.id, m.received_at, m.kind, m.engine_id, e.name as engine_name, m.outcome, m.status,
         m.reason, m.camera_id, c.name as camera_name, m.duration_ms`;
const joins = sql`
  from engine_message m
  left join engine e on e.id = m.engine_id
  left join camera c on c.id = m.camera_id`;

/**
 * A page of messages, newest first (received_at, id: the time index), and a count that is exact
 * up to PROTOCOL_COUNT_CAP rows and capped above (never an exact count(*) over millions of rows).
 */
export async function listMessages(db: Db, filter: ProtocolLogFilter, page: { page: number; limit: number }) {
  const where = filterSql(filter);
  const offset = (page.page - 1) * page.limit;
  const [listResult, countResult] = await Promise.all([
    db.execute(sql`
      ${selectItem}
      from (
        select * from engine_message m where ${where}
        order by m.received_at desc, m.id desc limit ${page.limit} offset ${offset}
      ) m
      left join engine e on e.id = m.engine_id
      left join camera c on c.id = m.camera_id
      order by m.received_at desc, m.id desc`),
    db.execute(sql`
      select count(*)::int as n from (
        select 1 from engine_message m where ${where} limit ${PROTOCOL_COUNT_CAP + 1}
      ) x`),
  ]);
  const n = Number(rowsOf<{ n: number }>(countResult)[0]?.n ?? 0);
  return {
    list: rowsOf<ItemRow>(listResult).map(toItem),
    count: Math.min(n, PROTOCOL_COUNT_CAP),
    capped: n > PROTOCOL_COUNT_CAP,
  };
}

export async function messageById(db: Db, id: number) {
  const result = await db.execute(sql`${selectItem}, m.raw, m.result ${joins} where m.id = ${id}`);
  const row = rowsOf<DetailRow>(result)[0];
  if (!row) return undefined;
  return { ...toItem(row), raw: row.raw, result: row.result ?? null };
}

/**
 * Exact counts over a range: per kind × outcome, and per hour (ranges up to 2 days) or per viewer
 * day and outcome for the chart. Same WHERE as the list, so a cell equals the list's count.
 */
export async function countMessages(db: Db, query: ProtocolCountQuery) {
  const where = filterSql(query);
  const span = Date.parse(query.endTime) - Date.parse(query.startTime);
  const bucket: 'hour' | 'day' = span <= 2 * 86_400_000 ? 'hour' : 'day';
  const offset = `${query.utcOffset} minutes`;
  const bucketSql =
    bucket === 'hour'
      ? sql`date_trunc('hour', m.received_at)`
      : sql`(date_trunc('day', m.received_at + ${offset}::interval) - ${offset}::interval)`;
  // One pass over the range: per bucket × kind × outcome; the cells and the chart are sums of it.
  const result = await db.execute(sql`
    select ${bucketSql} as at, m.kind, m.outcome, count(*)::int as n from engine_message m where ${where}
    group by 1, 2, 3 order by 1, 2, 3`);
  const cellMap = new Map<string, { kind: string; outcome: string; count: number }>();
  const bucketMap = new Map<string, { at: string; outcome: string; count: number }>();
  for (const r of rowsOf<{ at: Date | string; kind: string; outcome: string; n: number }>(result)) {
    const n = Number(r.n);
    const cellKey = `${r.kind}\u0000${r.outcome}`;
    const cell = cellMap.get(cellKey) ?? { kind: r.kind, outcome: r.outcome, count: 0 };
    cell.count += n;
    cellMap.set(cellKey, cell);
    const at = iso(r.at);
    const bucketKey = `${at}\u0000${r.outcome}`;
    const b = bucketMap.get(bucketKey) ?? { at, outcome: r.outcome, count: 0 };
    b.count += n;
    bucketMap.set(bucketKey, b);
  }
  const cells = [...cellMap.values()].sort((a, b) =>
    a.kind === b.kind ? a.outcome.localeCompare(b.outcome) : a.kind.localeCompare(b.kind),
  );
  const buckets = [...bucketMap.values()];
  return { cells, bucket, buckets, total: cells.reduce((sum, c) => sum + c.count, 0) };
}
