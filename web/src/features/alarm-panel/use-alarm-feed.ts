import {
  ALARM_API,
  ALARM_RULE_UPDATED,
  ALARM_SETTINGS_API,
  type AlarmItem,
  inQuietHours,
} from '@sentinel/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlarmSettings } from '@/features/alarm-settings/index.ts';
import { i18n } from '@/shared/i18n/i18n.ts';
import { backoffDelay } from '@/shared/realtime/realtime-client.ts';
import { useConnectionState, useRealtime, useRealtimeConnection } from '@/shared/realtime/use-realtime.ts';
import { action } from '@/shared/request/request.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { toast } from '@/shared/ui/feedback.ts';
import {
  digestOf,
  type HeldCounts,
  heldOf,
  isAlarmItem,
  isHandled,
  mergeAlarms,
  NO_HELD,
  PANEL_SIZE,
  replaceAlarms,
} from './alarm-feed.ts';
import { AUDIBLE_PRIORITIES, armAudioUnlock, playAlarmSound } from './alarm-sound.ts';

/** SPEC §9: poll of 20 every 15 000 ms (fallback while the event stream is down). */
export const POLL_MS = 15_000;
/** Tries of the catch-up load after a reconnect (1 s, 2 s, 4 s … apart). */
const CATCH_UP_TRIES = 6;

function alarmOf(data: unknown): AlarmItem | null {
  if (isAlarmItem(data)) return data;
  if (typeof data === 'object' && data !== null && 'alarm' in data && isAlarmItem(data.alarm))
    return data.alarm;
  return null;
}

/**
 * The panel's alarms: an initial load of 20, live `alarm.created` / `alarm.updated` events (and
 * `alarm.digest` / `alarm.held` of the user's alarm rule), and the SPEC poll while the stream is down. Runs only for a logged-in user with a token and the
 * `alarmPanelEnabled` flag. A poll answered with status ≠ 0 shows the server message once and
 * stops polling until a later load succeeds (reconnect or opening the panel).
 */
export function useAlarmFeed() {
  const token = useUserStore((s) => s.token);
  // Logged in (user info loaded, initial password already replaced), with a token and the flag on.
  const enabled =
    useUserStore((s) => s.alarmPanelEnabled && s.menusLoaded && !s.mustChangePassword) && token !== '';
  useRealtimeConnection(enabled);
  const connection = useConnectionState();
  const [alarms, setAlarms] = useState<AlarmItem[]>([]);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  /** Alarms held back since the note was last dismissed: by the user's alarm rule, by the cooldown. */
  const [held, setHeld] = useState<HeldCounts>(NO_HELD);
  const seen = useRef(new Set<number>());
  const loading = useRef(false);
  const failedRef = useRef(false);

  // The global alarm settings (issue 16 §3): the sound to play and the quiet hours (no sound).
  const settings = useAlarmSettings(enabled).data;
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const notice = useCallback((incoming: AlarmItem[], audible: boolean) => {
    let beep = false;
    for (const alarm of incoming) {
      if (seen.current.has(alarm.id)) continue;
      seen.current.add(alarm.id);
      if (audible && !isHandled(alarm) && AUDIBLE_PRIORITIES.includes(alarm.priority)) beep = true;
    }
    const current = settingsRef.current;
    if (!beep || (current && inQuietHours(current, new Date()))) return;
    playAlarmSound(
      current
        ? { custom: current.sound === 'custom', version: current.soundVersion, url: ALARM_SETTINGS_API.sound }
        : null,
    );
  }, []);

  /** Loads the newest alarms; false when the load failed (true also when one is already under way). */
  const load = useCallback(
    async (audible: boolean): Promise<boolean> => {
      if (loading.current) return true;
      loading.current = true;
      try {
        const envelope = await action<{ list: AlarmItem[] }>(ALARM_API.poll, {
          body: { count: PANEL_SIZE },
          silent: true,
        });
        if (envelope.status !== 0) throw new Error(envelope.message || i18n.t('error'));
        const list = envelope.data?.list ?? [];
        notice(list, audible);
        setAlarms((current) => replaceAlarms(current, list));
        failedRef.current = false;
        setFailed(false);
        setLoaded(true);
        return true;
      } catch (error) {
        if (!failedRef.current) {
          toast.error(error instanceof Error && error.message ? error.message : i18n.t('error'));
        }
        failedRef.current = true;
        setFailed(true);
        return false;
      } finally {
        loading.current = false;
      }
    },
    [notice],
  );

  // Initial load (and again after a new login).
  useEffect(() => {
    if (!enabled) {
      setAlarms([]);
      setLoaded(false);
      setFailed(false);
      failedRef.current = false;
      seen.current.clear();
      setHeld(NO_HELD);
      return;
    }
    armAudioUnlock();
    void load(false);
  }, [enabled, load]);

  // Catch up on what was missed while the stream was down — again, with backoff, while that load
  // fails (behind a proxy, the first request after an instance stopped may still be sent to it).
  const wasConnected = useRef(false);
  useEffect(() => {
    const reconnected = connection === 'connected' && !wasConnected.current;
    wasConnected.current = connection === 'connected';
    if (!reconnected || !enabled || !loaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const catchUp = async (attempt: number) => {
      if ((await load(true)) || cancelled || attempt >= CATCH_UP_TRIES) return;
      timer = setTimeout(() => void catchUp(attempt + 1), backoffDelay(attempt));
    };
    void catchUp(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [connection, enabled, loaded, load]);

  // Fallback poll while the stream is not connected, and only until a failure.
  useEffect(() => {
    if (!enabled || failed || connection === 'connected') return;
    const timer = setInterval(() => void load(true), POLL_MS);
    return () => clearInterval(timer);
  }, [enabled, failed, connection, load]);

  useRealtime('alarm.created', (data) => {
    const alarm = alarmOf(data);
    if (!alarm || !enabled) return;
    notice([alarm], true);
    setAlarms((current) => mergeAlarms(current, [alarm]));
  });
  useRealtime('alarm.updated', (data) => {
    const alarm = alarmOf(data);
    if (!alarm || !enabled) return;
    setAlarms((current) =>
      current.some((a) => a.id === alarm.id) ? mergeAlarms(current, [alarm]) : current,
    );
  });

  // The user's alarm rule (SPEC §9): digests at the rule's frequency, held-back notices.
  useRealtime('alarm.digest', (data) => {
    const digest = digestOf(data);
    if (!digest || !enabled) return;
    if (digest.alarms.length > 0) {
      notice(digest.alarms, true);
      setAlarms((current) => mergeAlarms(current, digest.alarms));
    }
    if (digest.held > 0) setHeld((n) => ({ ...n, rule: n.rule + digest.held }));
  });
  useRealtime('alarm.held', (data) => {
    const { count, by } = heldOf(data);
    if (count > 0 && enabled) setHeld((n) => ({ ...n, [by]: n[by] + count }));
  });
  // A changed rule (e.g. other levels) changes what the panel shows: load it again.
  useRealtime(ALARM_RULE_UPDATED, () => {
    if (enabled) void load(false);
  });

  /** Local update after an action (SPEC §4: the record gets state 2). */
  const markHandled = useCallback((id: number, server?: AlarmItem) => {
    setAlarms((current) =>
      current.map((a) =>
        a.id === id
          ? { ...(server ?? a), alarmState: 2, version: Math.max(a.version + 1, server?.version ?? 0) }
          : a,
      ),
    );
  }, []);

  const replace = useCallback((alarm: AlarmItem) => {
    setAlarms((current) => current.map((a) => (a.id === alarm.id ? alarm : a)));
  }, []);

  return {
    alarms,
    enabled,
    failed,
    connection,
    reload: () => load(false),
    held,
    clearHeld: () => setHeld(NO_HELD),
    markHandled,
    replace,
  };
}
