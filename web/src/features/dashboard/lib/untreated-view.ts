import { ALARM_STATE, type AlarmItem } from '@sentinel/contract';

/** How many of the newest untreated alarms the home lists. */
export const UNTREATED_SIZE = 8;
/** How many it fetches (a page size the list accepts): the rest fill in when listed ones are handled. */
export const UNTREATED_FETCH = 10;
/** How long an alarm seen on the event stream is kept to correct a list fetched meanwhile (ms). */
export const SEEN_KEEP_MS = 120_000;

/** Untreated = pending or awaiting approval (the list's `status: 'untreated'`). */
export const isUntreated = (alarm: Pick<AlarmItem, 'alarmState'>) =>
  alarm.alarmState === ALARM_STATE.pending || alarm.alarmState === ALARM_STATE.awaitingApproval;

/** An alarm seen on the event stream, and when. */
export interface SeenAlarm {
  alarm: AlarmItem;
  at: number;
}

/**
 * Remembers the newest copy of each alarm from `alarm.created` / `alarm.updated` (an older version
 * arriving late changes nothing) and forgets copies older than SEEN_KEEP_MS. Answers a new map.
 */
export function rememberAlarms(
  seen: ReadonlyMap<number, SeenAlarm>,
  alarms: readonly AlarmItem[],
  at: number,
): Map<number, SeenAlarm> {
  const next = new Map<number, SeenAlarm>();
  for (const [id, entry] of seen) if (at - entry.at < SEEN_KEEP_MS) next.set(id, entry);
  for (const alarm of alarms) {
    const known = next.get(alarm.id);
    if (!known || alarm.version >= known.alarm.version) next.set(alarm.id, { alarm, at });
  }
  return next;
}

const newestFirst = (a: AlarmItem, b: AlarmItem) => b.alarmTime.localeCompare(a.alarmTime) || b.id - a.id;

/**
 * The list shown: the fetched newest untreated alarms, corrected by what the event stream said
 * since (a newer version of a row replaces it, a new untreated alarm joins, a handled one leaves),
 * without the alarms this browser has just handled (`gone`: id → the version it acted on; a later
 * version, e.g. after an approval is revoked, counts again), newest first, at most `size`.
 * Applying the same events to a list fetched after them changes nothing (versions decide).
 */
export function untreatedView(
  fetched: readonly AlarmItem[],
  seen: Iterable<SeenAlarm>,
  gone: ReadonlyMap<number, number> = new Map(),
  size = UNTREATED_SIZE,
): AlarmItem[] {
  const byId = new Map(fetched.map((alarm) => [alarm.id, alarm]));
  for (const { alarm } of seen) {
    const known = byId.get(alarm.id);
    if (!known || alarm.version > known.version) byId.set(alarm.id, alarm);
  }
  return [...byId.values()]
    .filter((alarm) => isUntreated(alarm) && !(alarm.version <= (gone.get(alarm.id) ?? -1)))
    .sort(newestFirst)
    .slice(0, size);
}
