import { type AlarmItem, alarmItem } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConnectionState, useRealtime } from '@/shared/realtime/use-realtime.ts';
import {
  CAMERA_REFRESH_MS,
  FALLBACK_POLL_MS,
  HEAT_KEY,
  SUMMARY_KEY,
  UNTREATED_KEY,
  useDashboardSummary,
  useHeatStrip,
  useNewestUntreated,
} from './api/dashboard.ts';
import { coalesce } from './lib/coalesce.ts';
import { isUntreated, rememberAlarms, type SeenAlarm, untreatedView } from './lib/untreated-view.ts';
import { useToday } from './use-today.ts';

/**
 * Least time between two refetches of the figures, of the heat strip and of the list, and between
 * two renders of the alarms the stream brought (ms).
 */
export const REFRESH_GAPS = { summary: 400, heat: 2_000, list: 500, stream: 250 } as const;

const parseAlarm = (data: unknown): AlarmItem | null => {
  const parsed = alarmItem.safeParse(data);
  return parsed.success ? parsed.data : null;
};

/**
 * The home's data, live: figures, heat strip and newest untreated alarms, refetched (coalesced,
 * see `coalesce`) when the event stream reports an ingest, a handling or a job run change; the
 * list also takes new and handled alarms straight from the events. While the stream is down,
 * everything is polled every FALLBACK_POLL_MS.
 */
export function useLiveDashboard() {
  const client = useQueryClient();
  const connection = useConnectionState();
  const live = connection === 'connected';
  const today = useToday();
  const poll = live ? false : FALLBACK_POLL_MS;
  const summary = useDashboardSummary(today, { poll: live ? CAMERA_REFRESH_MS : FALLBACK_POLL_MS });
  const heat = useHeatStrip({ poll });
  const newest = useNewestUntreated({ poll });
  const [seen, setSeen] = useState<ReadonlyMap<number, SeenAlarm>>(() => new Map());
  const [gone, setGone] = useState<ReadonlyMap<number, number>>(() => new Map());
  /** Alarms that arrived on the stream while the page was open (highlighted once). */
  const arrived = useRef(new Set<number>());

  /** Alarms from the stream not yet rendered: a burst is rendered once, not once an alarm. */
  const queue = useRef<AlarmItem[]>([]);

  const refresh = useMemo(() => {
    // A little random settle time: fifty consoles told of the same ingest do not ask at one instant.
    const settleMs = 20 + Math.round(Math.random() * 80);
    const again = (queryKey: readonly unknown[]) => () => client.refetchQueries({ queryKey, type: 'active' });
    const render = async () => {
      const batch = queue.current.splice(0);
      if (batch.length > 0) setSeen((current) => rememberAlarms(current, batch, Date.now()));
    };
    return {
      summary: coalesce(again(SUMMARY_KEY), { minGapMs: REFRESH_GAPS.summary, settleMs }),
      heat: coalesce(again(HEAT_KEY), { minGapMs: REFRESH_GAPS.heat, settleMs }),
      list: coalesce(again(UNTREATED_KEY), { minGapMs: REFRESH_GAPS.list, settleMs }),
      stream: coalesce(render, { minGapMs: REFRESH_GAPS.stream }),
    };
  }, [client]);
  useEffect(
    () => () => {
      for (const c of Object.values(refresh)) c.cancel();
    },
    [refresh],
  );
  const take = (alarm: AlarmItem) => {
    queue.current.push(alarm);
    refresh.stream.request();
  };

  const fetched = newest.data?.list;
  const known = useRef(new Set<number>());
  known.current = new Set([
    ...(fetched ?? []).map((a) => a.id),
    ...seen.keys(),
    ...queue.current.map((a) => a.id),
  ]);

  useRealtime('alarm.created', (data) => {
    refresh.summary.request();
    refresh.heat.request();
    const alarm = parseAlarm(data);
    if (!alarm) return;
    arrived.current.add(alarm.id);
    take(alarm);
  });
  useRealtime('alarm.updated', (data) => {
    refresh.summary.request();
    const alarm = parseAlarm(data);
    if (!alarm) return;
    // `alarm.updated` reaches every console: only alarms this one lists (its scenes) are taken
    // as they are; an unknown one back to untreated (approval revoked) is fetched with the list.
    if (known.current.has(alarm.id)) {
      take(alarm);
      // One left the list: the next fetched one moves up; fetch again to keep a spare.
      if (!isUntreated(alarm)) refresh.list.request();
    } else if (isUntreated(alarm)) refresh.list.request();
  });
  useRealtime('jobRun.updated', () => refresh.summary.request());

  // Back on the stream after a gap: catch up on what was missed.
  const wasLive = useRef(live);
  useEffect(() => {
    if (live && !wasLive.current) {
      refresh.summary.request();
      refresh.heat.request();
      refresh.list.request();
    }
    wasLive.current = live;
  }, [live, refresh]);

  /** This browser handled an alarm: it leaves the list at once, the figures follow. */
  const handled = useCallback(
    (alarm: Pick<AlarmItem, 'id' | 'version'>) => {
      setGone((current) => new Map(current).set(alarm.id, alarm.version));
      refresh.summary.request();
    },
    [refresh],
  );

  const alarms = useMemo(() => untreatedView(fetched ?? [], seen.values(), gone), [fetched, seen, gone]);

  return { today, live, connection, summary, heat, newest, alarms, arrived: arrived.current, handled };
}
