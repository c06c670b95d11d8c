import type { AlarmItem, AlarmListResult, JobRunItem } from '@sentinel/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { patchCachedAlarm } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { SCENE_ALARM_COUNT, sceneAlarmListKey } from './api/alarm-queries.ts';
import { alarmFiguresKey, runKey } from './api/keys.ts';

/** Invalidations of a burst of events are sent together after this long. */
const COALESCE_MS = 200;

/** Collects query keys and invalidates them once per burst. */
function useCoalescedInvalidate(client: QueryClient) {
  const pending = useRef(new Map<string, QueryKey>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (...keys: QueryKey[]) => {
    for (const key of keys) pending.current.set(JSON.stringify(key), key);
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const due = [...pending.current.values()];
      pending.current.clear();
      for (const queryKey of due) void client.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  };
}

/**
 * The scene page's live updates from the event stream: a new alarm of the scene goes on top of
 * its list at once (and is remembered as new), a changed one is patched in place; the figures,
 * the cameras' latest alarms and the current run are re-read after alarms, events and run
 * changes of the scene. Alarms the account's alarm rule holds back (`alarm.held`,
 * `alarm.digest`) re-read the list instead. Answers the ids that arrived live.
 */
export function useSceneLive(sceneId: number, runId: number | null): Set<number> {
  const client = useQueryClient();
  const invalidate = useCoalescedInvalidate(client);
  const [arrived, setArrived] = useState<Set<number>>(() => new Set());
  const listKey = sceneAlarmListKey(sceneId);

  useRealtime<AlarmItem>('alarm.created', (alarm) => {
    if (!alarm || alarm.sceneId !== sceneId) return;
    client.setQueryData<AlarmListResult>(listKey, (old) =>
      old && !old.list.some((row) => row.id === alarm.id)
        ? { ...old, list: [alarm, ...old.list].slice(0, SCENE_ALARM_COUNT), count: old.count + 1 }
        : old,
    );
    setArrived((ids) => new Set(ids).add(alarm.id));
    invalidate(listKey, alarmFiguresKey(sceneId));
    if (alarm.historyAssignmentId !== null) invalidate(runKey(sceneId));
  });

  useRealtime<AlarmItem>('alarm.updated', (alarm) => {
    if (!alarm || alarm.sceneId !== sceneId) return;
    patchCachedAlarm(client, alarm);
    invalidate(alarmFiguresKey(sceneId));
    if (alarm.historyAssignmentId !== null) invalidate(runKey(sceneId));
  });

  const reread = () => invalidate(listKey, alarmFiguresKey(sceneId));
  useRealtime('alarm.held', reread);
  useRealtime('alarm.digest', reread);

  useRealtime<JobRunItem>('jobRun.updated', (run) => {
    if (run?.sceneId === sceneId) invalidate(runKey(sceneId));
  });

  useRealtime<{ sceneId?: number | null; historyAssignmentId?: number | null }>('event.created', (event) => {
    if (!event) return;
    if (event.sceneId === sceneId || (runId !== null && event.historyAssignmentId === runId)) {
      invalidate(runKey(sceneId));
    }
  });

  return arrived;
}
