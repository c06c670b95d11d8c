import type { MyStatistics, MyStatisticsQuery } from '@sentinel/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, alarmAction } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import {
  bucketIndexSql,
  bucketsOf,
  bucketTimes,
  percentilesSql,
  roundSeconds,
  secondsBetween,
} from './handling-repo.ts';

const ACTIONS = ['deal', 'cancel', 'approve', 'noApprove'] as const;
type Action = (typeof ACTIONS)[number];
const HANDLING: Action[] = ['deal', 'cancel'];

/** An account's id and name, or undefined when there is none. */
export async function findAccount(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: account.id, name: account.accountName })
    .from(account)
    .where(eq(account.id, id));
  return row;
}

/**
 * The account's handling actions (the alarms' timelines) stamped in the range, on alarms of
 * scenes the caller sees (for an admin: every alarm).
 */
function actionsOf(
  accountId: number,
  q: MyStatisticsQuery,
  scenes: VisibleScenes,
  actions: readonly Action[],
) {
  const c: (SQL | undefined)[] = [
    eq(alarmAction.accountId, accountId),
    gte(alarmAction.createdAt, new Date(q.startTime)),
    lte(alarmAction.createdAt, new Date(q.endTime)),
    inArray(alarmAction.action, [...actions]),
  ];
  if (scenes !== 'all') c.push(scenes.length ? inArray(alarmAction.sceneId, scenes) : sql`false`);
  return and(...c);
}

/** My desk › Alarm statistics of one account (contract `myStatistics`, name and id filled by the caller). */
export async function myStatisticsOf(
  db: Db,
  who: { id: number; name: string },
  q: MyStatisticsQuery,
  scenes: VisibleScenes,
): Promise<MyStatistics> {
  const b = bucketsOf(q);
  const k = bucketIndexSql(b, alarmAction.createdAt);
  // The actions carry their alarm's time, level and scene: no join with the alarms.
  const { median, p90 } = percentilesSql(secondsBetween(alarmAction.alarmTime, alarmAction.createdAt));
  const [counts, [handling]] = await Promise.all([
    db
      .select({ k, action: alarmAction.action, priority: alarmAction.priority, n: sql<string>`count(*)` })
      .from(alarmAction)
      .where(actionsOf(who.id, q, scenes, ACTIONS))
      .groupBy(sql`1`, alarmAction.action, alarmAction.priority), // 1: the bucket (its parameters differ from the select's)
    db
      .select({ n: sql<string>`count(*)`, median, p90 })
      .from(alarmAction)
      .where(actionsOf(who.id, q, scenes, HANDLING)),
  ]);
  const zero = { deal: 0, cancel: 0, approve: 0, noApprove: 0 };
  const totals = { ...zero };
  const trend = bucketTimes(b).map((time) => ({ time, ...zero }));
  const byLevel = new Map<number, number>();
  for (const row of counts) {
    const action = row.action as Action;
    const n = Number(row.n);
    totals[action] += n;
    const point = trend[Number(row.k)];
    if (point) point[action] += n;
    if (HANDLING.includes(action)) byLevel.set(row.priority, (byLevel.get(row.priority) ?? 0) + n);
  }
  return {
    accountId: who.id,
    accountName: who.name,
    ...totals,
    granularity: b.granularity,
    trend,
    handling: {
      count: Number(handling?.n ?? 0),
      medianSeconds: roundSeconds(handling?.median),
      p90Seconds: roundSeconds(handling?.p90),
    },
    byLevel: [...byLevel.entries()]
      .map(([priority, count]) => ({ priority, count }))
      .sort((a, b) => a.priority - b.priority),
  };
}
