import type { MyStatistics } from '@sentinel/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmAction } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/day-partials.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { percentileOfSorted } from '../../platform/sorted-percentile.ts';
import { type Buckets, bucketTimes, roundSeconds, secondsBetween } from './handling-repo.ts';
import { emptyDays, inPartsSql } from './safety-partials.ts';

const HOUR_MS = 3_600_000;

export const ACTIONS = ['deal', 'cancel', 'approve', 'noApprove'] as const;
export type Action = (typeof ACTIONS)[number];
const HANDLING: Action[] = ['deal', 'cancel'];

/**
 * What one viewer day (or part of a day) contributes to an account's statistics: its actions by
 * (hour of the day, action, level), and its handlings (deal, cancel) — how many, and their
 * seconds from the alarm's time, ascending (for the exact median / p90 of the union).
 */
export interface MinePartial {
  counts: Array<{ hour: number; action: Action; priority: number; n: number }>;
  handled: number;
  seconds: Float64Array;
}

export const emptyMinePartial = (): MinePartial => ({ counts: [], handled: 0, seconds: new Float64Array(0) });

/** Rough bytes of a partial (the cache's bound). */
export const weighMinePartial = (p: MinePartial): number => p.counts.length * 64 + p.seconds.length * 8 + 100;

/**
 * The account's actions (the alarms' timelines) stamped in the parts, on alarms of scenes the
 * caller sees (for an admin: every alarm).
 */
function actionsOf(
  accountId: number,
  scenes: VisibleScenes,
  parts: Array<[number, number]>,
  actions: readonly Action[],
): SQL | undefined {
  const c: (SQL | undefined)[] = [
    eq(alarmAction.accountId, accountId),
    inPartsSql(alarmAction.createdAt, parts),
    inArray(alarmAction.action, [...actions]),
  ];
  if (scenes !== 'all') c.push(scenes.length ? inArray(alarmAction.sceneId, scenes) : sql`false`);
  return and(...c);
}

/**
 * The partials of one account's actions in the given parts ([from, to) epoch ms, inside the
 * viewer's days from `originMs`), two grouped statements: the actions by hour (from the origin),
 * action and level; the handlings by day with their seconds in order. Answers a partial (maybe
 * empty) for every day start the parts touch.
 */
export async function minePartials(
  db: Db,
  accountId: number,
  scenes: VisibleScenes,
  originMs: number,
  parts: Array<[number, number]>,
): Promise<Map<number, MinePartial>> {
  const result = emptyDays(originMs, parts, emptyMinePartial);
  if (parts.length === 0) return result;
  const a = alarmAction;
  // date_part answers float8 (as handling-repo's buckets); group by position 1 (its parameters differ from the select's).
  const hr = sql<number>`floor((date_part('epoch', ${a.createdAt}) * 1000 - ${originMs}::float8) / ${HOUR_MS}::float8)::int`;
  const seconds = secondsBetween(a.alarmTime, a.createdAt);
  const [counts, handled] = await Promise.all([
    db
      .select({ hr, action: a.action, priority: a.priority, n: sql<string>`count(*)` })
      .from(a)
      .where(actionsOf(accountId, scenes, parts, ACTIONS))
      .groupBy(sql`1`, a.action, a.priority),
    db
      .select({
        seg: sql<number>`floor(${hr} / 24.0)::int`,
        n: sql<string>`count(*)`,
        list: sql<string | null>`string_agg((${seconds})::text, ',' order by ${seconds})`,
      })
      .from(a)
      .where(actionsOf(accountId, scenes, parts, HANDLING))
      .groupBy(sql`1`),
  ]);
  const dayOf = (seg: number) => {
    const day = originMs + seg * DAY_MS;
    let p = result.get(day);
    if (!p) {
      p = emptyMinePartial();
      result.set(day, p);
    }
    return p;
  };
  for (const row of counts) {
    const h = Number(row.hr);
    const seg = Math.floor(h / 24);
    dayOf(seg).counts.push({
      hour: h - seg * 24,
      action: row.action as Action,
      priority: row.priority,
      n: Number(row.n),
    });
  }
  for (const row of handled) {
    const p = dayOf(Number(row.seg));
    p.handled = Number(row.n);
    p.seconds = row.list ? Float64Array.from(row.list.split(','), Number) : new Float64Array(0);
  }
  return result;
}

/** My statistics (without the account, filled by the caller) from the partials of its days. */
export function mergeMine(
  days: Array<[number, MinePartial]>,
  b: Buckets,
): Omit<MyStatistics, 'accountId' | 'accountName'> {
  const zero = { deal: 0, cancel: 0, approve: 0, noApprove: 0 };
  const totals = { ...zero };
  const trend = bucketTimes(b).map((time) => ({ time, ...zero }));
  const byLevel = new Map<number, number>();
  let handled = 0;
  const seconds: Float64Array[] = [];
  for (const [day, p] of days) {
    for (const c of p.counts) {
      totals[c.action] += c.n;
      const point = trend[Math.floor((day + c.hour * HOUR_MS - b.originMs) / b.sizeMs)];
      if (point) point[c.action] += c.n;
      if (HANDLING.includes(c.action)) byLevel.set(c.priority, (byLevel.get(c.priority) ?? 0) + c.n);
    }
    handled += p.handled;
    if (p.seconds.length > 0) seconds.push(p.seconds);
  }
  return {
    ...totals,
    granularity: b.granularity,
    trend,
    handling: {
      count: handled,
      medianSeconds: roundSeconds(percentileOfSorted(seconds, 0.5)),
      p90Seconds: roundSeconds(percentileOfSorted(seconds, 0.9)),
    },
    byLevel: [...byLevel.entries()]
      .map(([priority, count]) => ({ priority, count }))
      .sort((x, y) => x.priority - y.priority),
  };
}
