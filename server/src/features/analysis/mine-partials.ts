import type { MyStatistics } from '@sentinel/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmAction } from '../../db/schema/index.ts';
import { DAY_MS } from '../../platform/day-split.ts';
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
 * hour of the day and action, its handlings (deal, cancel) by level, and the handlings' count and
 * seconds from the alarm's time, ascending (for the exact median / p90 of the union).
 */
export interface MinePartial {
  /** Actions at [hour · 4 + index in ACTIONS], hours 0…23 from the day's start. */
  byHour: Float64Array;
  /** Handlings (deal, cancel) by level. */
  levels: Map<number, number>;
  handled: number;
  seconds: Float64Array;
}

export const emptyMinePartial = (): MinePartial => ({
  byHour: new Float64Array(24 * ACTIONS.length),
  levels: new Map(),
  handled: 0,
  seconds: new Float64Array(0),
});

/** Rough bytes of a partial (the cache's bound). */
export const weighMinePartial = (p: MinePartial): number =>
  p.byHour.length * 8 + p.levels.size * 40 + p.seconds.length * 8 + 100;

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
    const p = dayOf(seg);
    const action = row.action as Action;
    const n = Number(row.n);
    const i = (h - seg * 24) * ACTIONS.length + ACTIONS.indexOf(action);
    p.byHour[i] = (p.byHour[i] as number) + n;
    if (HANDLING.includes(action)) p.levels.set(row.priority, (p.levels.get(row.priority) ?? 0) + n);
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
  const sums = new Float64Array(ACTIONS.length);
  const trend = bucketTimes(b).map((time) => ({ time, ...zero }));
  const byLevel = new Map<number, number>();
  let handled = 0;
  const seconds: Float64Array[] = [];
  for (const [day, p] of days) {
    for (let hour = 0; hour < 24; hour++) {
      const point = trend[Math.floor((day + hour * HOUR_MS - b.originMs) / b.sizeMs)];
      for (let a = 0; a < ACTIONS.length; a++) {
        const n = p.byHour[hour * ACTIONS.length + a] as number;
        if (n === 0) continue;
        sums[a] = (sums[a] as number) + n;
        if (point) point[ACTIONS[a] as Action] += n;
      }
    }
    for (const [priority, n] of p.levels) byLevel.set(priority, (byLevel.get(priority) ?? 0) + n);
    handled += p.handled;
    if (p.seconds.length > 0) seconds.push(p.seconds);
  }
  const totals = {
    deal: sums[0] as number,
    cancel: sums[1] as number,
    approve: sums[2] as number,
    noApprove: sums[3] as number,
  };
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
