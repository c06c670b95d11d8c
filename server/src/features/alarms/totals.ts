import type { AlarmListQuery } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { countAlarmsKept } from './list-total.ts';
import { countAwaitingApproval } from './repo.ts';

/**
 * The totals of the alarm pages through the instance's result cache (`app.alarmCounts`, cleared
 * by every ingest and state change): consoles that page, refresh and poll the same lists share
 * one count per filter and scene set. A recount sums the past days' totals kept in
 * `app.dayPartials` and today's counters (list-total.ts).
 */
export function cachedAlarmCount(
  app: FastifyInstance,
  query: AlarmListQuery,
  scenes: VisibleScenes,
): Promise<{ count: number; countCapped: boolean }> {
  const { page: _page, limit: _limit, ...filters } = query;
  // Only a load takes a slot of the heavy-read bound (platform/read-limiter.ts); a cached total is free.
  return app.alarmCounts.get(`list:${JSON.stringify([scenes, filters])}`, () =>
    app.heavyReads.run(() =>
      countAlarmsKept(app.db, query, scenes, {
        partials: app.dayPartials,
        now: app.appConfig.now().getTime(),
      }),
    ),
  );
}

export function cachedAwaitingApproval(app: FastifyInstance, scenes: VisibleScenes): Promise<number> {
  return app.alarmCounts.get(`awaiting:${JSON.stringify(scenes)}`, () =>
    app.heavyReads.run(() => countAwaitingApproval(app.db, scenes)),
  );
}
