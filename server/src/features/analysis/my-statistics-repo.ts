import type { MyStatistics, MyStatisticsQuery } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, alarmAction } from '../../db/schema/index.ts';
import { dayPartialKind } from '../../platform/day-partial-kind.ts';
import { DAY_MS, splitOrLive } from '../../platform/day-split.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import type { PartialsCache } from './efficiency.ts';
import { catalogueMark } from './efficiency-repo.ts';
import { bucketsOf } from './handling-repo.ts';
import { type MinePartial, mergeMine, minePartials, weighMinePartial } from './mine-partials.ts';

/**
 * The kind of My statistics' entries in the day-partials cache: it reads the alarms' timelines
 * alone (minePartials), which retention deletes with their alarms.
 */
export const MINE_PARTIALS = dayPartialKind('mine', [alarmAction]);

/** An account's id and name, or undefined when there is none. */
export async function findAccount(db: Db, id: number): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: account.id, name: account.accountName })
    .from(account)
    .where(eq(account.id, id));
  return row;
}

/**
 * My desk › Alarm statistics of one account (contract `myStatistics`, name and id filled by the
 * caller): its actions stamped in the range (by their time, i.e. when they were taken), on alarms
 * of scenes the caller sees. The range is split on the viewer's midnights: each whole closed day's
 * partial from the cache (keyed by account, scenes and offset; the missing ones computed
 * together), the rest live, then merged — the same figures as one computation over the range.
 * A closed day changes only when actions go (retention deletes alarms with their timelines),
 * which clears the cache. Without a cache everything is computed live.
 */
export async function myStatisticsOf(
  db: Db,
  who: { id: number; name: string },
  q: MyStatisticsQuery,
  scenes: VisibleScenes,
  cache?: PartialsCache,
): Promise<MyStatistics> {
  const b = bucketsOf(q);
  const start = Date.parse(q.startTime);
  const end = Date.parse(q.endTime);
  const split = splitOrLive(start, end, q.utcOffset, cache?.now);
  // Keyed with the catalogue's mark when days are kept: a deleted scene rewrites past actions
  // without an event (as the efficiency analysis).
  const mark = cache && split.closed.length > 0 ? await catalogueMark(db) : '';
  const key = JSON.stringify([who.id, scenes, q.utcOffset, mark]);
  const [closed, live] = await Promise.all([
    cache && split.closed.length > 0
      ? cache.partials.get<MinePartial>(
          MINE_PARTIALS,
          key,
          split.closed,
          (missing) =>
            minePartials(
              db,
              who.id,
              scenes,
              split.originMs,
              missing.map((day): [number, number] => [day, day + DAY_MS]),
            ),
          weighMinePartial,
        )
      : new Map<number, MinePartial>(),
    minePartials(db, who.id, scenes, split.originMs, split.live),
  ]);
  return { accountId: who.id, accountName: who.name, ...mergeMine([...closed, ...live], b) };
}
