// The list's total: the rollup counters when they can express the filters (one statement, the
// cold total; list-total.ts keeps the closed days' counts), else an exact count capped at COUNT_CAP.
import type { AlarmListQuery } from '@sentinel/contract';
import { and, eq, gt, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmRollup, videoAlarm } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { COUNT_CAP } from '../../platform/sql.ts';
import { alarmConditions, sceneAuthorityWhere, statesOf } from './repo.ts';
import { rollupDay } from './rollup.ts';

/**
 * The rollup's day range when the time range covers whole UTC days (start at midnight, end at
 * 23:59:59 of its day), 'none' without a time range, undefined when the rollup cannot answer.
 */
export function wholeDayRange(
  startTime?: string,
  endTime?: string,
): { from: string; to: string } | 'none' | undefined {
  if (!startTime || !endTime) return 'none';
  const start = Date.parse(startTime);
  const end = Date.parse(endTime);
  if (start % DAY_MS !== 0) return undefined;
  if (end % DAY_MS < DAY_MS - 1000) return undefined;
  if (end < start) return { from: '9999-12-31', to: '0001-01-01' };
  return { from: rollupDay(new Date(start)), to: rollupDay(new Date(end)) };
}

/** Conditions of a list query on the rollup counters (null references are stored as 0). */
function rollupConditions(
  query: AlarmListQuery,
  days: { from: string; to: string } | 'none',
  scenes: VisibleScenes,
): SQL | undefined {
  const c: (SQL | undefined)[] = [sceneAuthorityWhere(alarmRollup.sceneId, scenes)];
  if (days !== 'none') {
    c.push(gte(alarmRollup.day, days.from));
    c.push(lte(alarmRollup.day, days.to));
  }
  if (query.priority !== undefined) c.push(eq(alarmRollup.priority, query.priority));
  if (query.algorithmId !== undefined) c.push(eq(alarmRollup.algorithmId, query.algorithmId));
  if (query.factoryId !== undefined) c.push(eq(alarmRollup.factoryId, query.factoryId));
  if (query.areaId !== undefined) c.push(eq(alarmRollup.areaId, query.areaId));
  if (query.sceneId !== undefined) c.push(eq(alarmRollup.sceneId, query.sceneId));
  if (query.cameraId !== undefined) c.push(eq(alarmRollup.cameraId, query.cameraId));
  const states = statesOf(query);
  if (states) c.push(states.length ? inArray(alarmRollup.alarmState, states) : sql`false`);
  if (query.falsePositive !== undefined) c.push(eq(alarmRollup.falsePositive, query.falsePositive));
  return and(...c);
}

/** The rollup's day range of a list total (see wholeDayRange), undefined when the rollup cannot answer. */
export function rollupDaysOf(query: AlarmListQuery): { from: string; to: string } | 'none' | undefined {
  // Not `approved`, `handlerId` or `inJob`: the rollup has no such column.
  const rollupCan =
    query.approved === undefined && query.handlerId === undefined && query.inJob === undefined;
  return rollupCan ? wholeDayRange(query.startTime, query.endTime) : undefined;
}

/**
 * The total under the list: from the rollup when it can express the filters (rollupDaysOf), else
 * exact but capped. Both paths apply scene authority. One statement: the cold total (list-total.ts
 * keeps the closed days' counts).
 */
export async function countAlarms(
  db: Db,
  query: AlarmListQuery,
  scenes: VisibleScenes = 'all',
): Promise<{ count: number; countCapped: boolean }> {
  const days = rollupDaysOf(query);
  if (days) {
    const [row] = await db
      .select({ n: sql<string>`coalesce(sum(${alarmRollup.count}), 0)` })
      .from(alarmRollup)
      .where(rollupConditions(query, days, scenes));
    return { count: Number(row?.n ?? 0), countCapped: false };
  }
  const inner = db
    .select({ one: sql`1` })
    .from(videoAlarm)
    .where(alarmConditions(query, scenes))
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(inner);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { count: COUNT_CAP, countCapped: true } : { count: n, countCapped: false };
}

/**
 * The rollup total of the list's days after `afterDay` (today and later: the live part of
 * list-total.ts), and the oldest day of the whole rollup (null when empty), in one statement: both
 * on the primary key (day first).
 */
export async function rollupTotalAfter(
  db: Db,
  query: AlarmListQuery,
  days: { from: string; to: string } | 'none',
  scenes: VisibleScenes,
  afterDay: string,
): Promise<{ oldest: string | null; count: number }> {
  const [row] = await db
    .select({
      oldest: sql<string | null>`(select min(${sql.raw('r.day')})::text from ${alarmRollup} r)`,
      n: sql<string>`coalesce(sum(${alarmRollup.count}), 0)`,
    })
    .from(alarmRollup)
    .where(and(rollupConditions(query, days, scenes), gt(alarmRollup.day, afterDay)));
  return { oldest: row?.oldest ?? null, count: Number(row?.n ?? 0) };
}

/**
 * The list's rollup totals per day over runs of days ([from, to] inclusive, 'YYYY-MM-DD'), in ONE
 * grouped statement: day → total (days without a counter are absent).
 */
export async function rollupTotalsByDay(
  db: Db,
  query: AlarmListQuery,
  scenes: VisibleScenes,
  runs: Array<{ from: string; to: string }>,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: sql<string>`${alarmRollup.day}::text`, n: sql<string>`sum(${alarmRollup.count})` })
    .from(alarmRollup)
    .where(
      and(
        rollupConditions(query, 'none', scenes),
        or(...runs.map((r) => and(gte(alarmRollup.day, r.from), lte(alarmRollup.day, r.to)))),
      ),
    )
    .groupBy(alarmRollup.day);
  return new Map(rows.map((r) => [r.day, Number(r.n)]));
}
