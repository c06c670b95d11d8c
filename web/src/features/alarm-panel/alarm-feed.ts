import type { AlarmDigest, AlarmItem } from '@sentinel/contract';

export const PANEL_SIZE = 20;

/**
 * Merges incoming alarms into the panel list: new ids are prepended, known ids are updated in
 * place (a record this browser already marked handled — state 2, SPEC §4 — stays so unless the
 * server says otherwise with a newer version: the event of that very action, which can arrive
 * before or after its answer, changes nothing), newest first, at most PANEL_SIZE.
 */
export function mergeAlarms(current: AlarmItem[], incoming: AlarmItem[]): AlarmItem[] {
  const byId = new Map(current.map((a) => [a.id, a]));
  const fresh: AlarmItem[] = [];
  for (const alarm of incoming) {
    const known = byId.get(alarm.id);
    if (known) {
      const newer = alarm.version > known.version;
      if (newer || (alarm.version === known.version && !isHandled(known))) byId.set(alarm.id, alarm);
    } else if (!fresh.some((a) => a.id === alarm.id)) {
      fresh.push(alarm);
    }
  }
  const merged = [...fresh, ...current.map((a) => byId.get(a.id) ?? a)];
  merged.sort((a, b) => b.alarmTime.localeCompare(a.alarmTime) || b.id - a.id);
  return merged.slice(0, PANEL_SIZE);
}

/** Replaces the list with a poll answer, keeping local "handled" marks of newer versions. */
export function replaceAlarms(current: AlarmItem[], polled: AlarmItem[]): AlarmItem[] {
  const byId = new Map(current.map((a) => [a.id, a]));
  return polled
    .map((a) => {
      const known = byId.get(a.id);
      return known && known.version > a.version ? known : a;
    })
    .slice(0, PANEL_SIZE);
}

/** In the panel, state 2 means handled or cancelled (SPEC §4). */
export const isHandled = (alarm: AlarmItem) => alarm.alarmState === 2 || alarm.alarmState === 3;

export function isAlarmItem(value: unknown): value is AlarmItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.id === 'number' && typeof v.alarmTime === 'string' && typeof v.alarmState === 'number';
}

/** An `alarm.digest` event's data (alarm rule with a frequency other than real time), or null. */
export function digestOf(data: unknown): AlarmDigest | null {
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Partial<AlarmDigest>;
  if (typeof d.count !== 'number' || typeof d.held !== 'number' || !Array.isArray(d.alarms)) return null;
  return {
    count: d.count,
    held: d.held,
    alarms: d.alarms.filter(isAlarmItem),
    from: typeof d.from === 'string' ? d.from : '',
    to: typeof d.to === 'string' ? d.to : '',
  };
}

/** What held an alarm back: the user's alarm rule (a threshold) or the alarm settings' camera cooldown. */
export type HeldBy = 'rule' | 'cooldown';

/** Alarms held back since the note was last dismissed, by cause. */
export type HeldCounts = Record<HeldBy, number>;

export const NO_HELD: HeldCounts = { rule: 0, cooldown: 0 };

/**
 * An `alarm.held` event: its count (0 if malformed) and its cause — `by: 'cooldown'` from the global
 * push policy (alarm settings), otherwise the user's alarm rule.
 */
export function heldOf(data: unknown): { count: number; by: HeldBy } {
  if (typeof data !== 'object' || data === null) return { count: 0, by: 'rule' };
  const { held, by } = data as { held?: unknown; by?: unknown };
  const count = typeof held === 'number' && Number.isInteger(held) && held > 0 ? held : 0;
  return { count, by: by === 'cooldown' ? 'cooldown' : 'rule' };
}
