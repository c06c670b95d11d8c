import type { AlarmFrequency, AlarmThreshold } from '@sentinel/contract';

/**
 * What a user's alarm rule (SPEC §9) does to the alarms pushed to that user's floating panel —
 * pure (no I/O, no timers; the caller passes the clock), so it is unit-tested on its own and
 * shared by the event stream and the scheduled reports.
 *
 * - Priority filter: only the rule's priority codes (empty = all) are pushed.
 * - Thresholds: at most N alarms are pushed per calendar minute, 5 minutes, hour and day (UTC
 *   aligned windows, like the rollup counters); beyond a cap alarms are held back: not pushed,
 *   still in the history, and counted so the panel can say how many were held back.
 * - Frequency: real time pushes each alarm as it comes; any other frequency queues them and a
 *   digest is delivered at the end of each period (periods aligned to the epoch in UTC: whole
 *   minutes, 5 minutes, half hours, hours, days, or multiples of the interval).
 * - A disabled rule governs nothing: every alarm is pushed in real time.
 *
 * The state per subscriber is small: four window counters and at most DIGEST_SIZE queued alarms.
 */
export interface PanelRule {
  enabled: boolean;
  frequency: AlarmFrequency;
  intervalMinutes: number | null;
  maxPerMinute: number | null;
  maxPerFiveMinutes: number | null;
  maxPerHour: number | null;
  maxPerDay: number | null;
  priorities: number[];
}

export const DEFAULT_PANEL_RULE: PanelRule = {
  enabled: true,
  frequency: 'realtime',
  intervalMinutes: null,
  maxPerMinute: null,
  maxPerFiveMinutes: null,
  maxPerHour: null,
  maxPerDay: null,
  priorities: [],
};

const MINUTE = 60_000;

/** Threshold windows: field → length in ms. */
export const THRESHOLD_WINDOWS: readonly (readonly [AlarmThreshold, number])[] = [
  ['maxPerMinute', MINUTE],
  ['maxPerFiveMinutes', 5 * MINUTE],
  ['maxPerHour', 60 * MINUTE],
  ['maxPerDay', 1440 * MINUTE],
];

/** Alarms a digest carries (the panel shows 20); the rest are only counted. */
export const DIGEST_SIZE = 20;

const PERIODS: Record<Exclude<AlarmFrequency, 'realtime' | 'interval'>, number> = {
  minute: MINUTE,
  fiveMinutes: 5 * MINUTE,
  halfHour: 30 * MINUTE,
  hour: 60 * MINUTE,
  daily: 1440 * MINUTE,
};

/** Length of a digest period in ms; null when alarms are pushed in real time. */
export function digestPeriodMs(rule: PanelRule): number | null {
  if (!rule.enabled || rule.frequency === 'realtime') return null;
  if (rule.frequency === 'interval') {
    const minutes = rule.intervalMinutes ?? 0;
    return minutes >= 1 ? minutes * MINUTE : null;
  }
  return PERIODS[rule.frequency];
}

/** When the next digest is due (ms since the epoch, strictly after `now`); null in real time. */
export function nextDigestAt(rule: PanelRule, now: number): number | null {
  const period = digestPeriodMs(rule);
  if (period === null) return null;
  return Math.floor(now / period) * period + period;
}

/** Whether the rule's priority filter lets this priority through (empty list or disabled: all). */
export function passesPriority(rule: PanelRule, priority: number): boolean {
  return !rule.enabled || rule.priorities.length === 0 || rule.priorities.includes(priority);
}

/** push: send now; queued: goes into the next digest; held: over a threshold; filtered: priority. */
export type PanelDecision = 'push' | 'queued' | 'held' | 'filtered';

export interface PanelDigest<T> {
  /** Alarms that passed the rule in this period. */
  count: number;
  /** Alarms held back by a threshold in this period. */
  held: number;
  /** The newest of them (at most DIGEST_SIZE), newest first. */
  alarms: T[];
  from: string;
  to: string;
}

interface WindowCounter {
  start: number;
  count: number;
}

export class PanelPolicy<T extends { priority: number }> {
  private rule: PanelRule;
  private readonly windows = new Map<AlarmThreshold, WindowCounter>();
  private queue: T[] = [];
  private queued = 0;
  private heldInPeriod = 0;
  private heldUnreported = 0;
  private periodStart: number;

  constructor(rule: PanelRule, now: number) {
    this.rule = rule;
    this.periodStart = now;
  }

  get current(): PanelRule {
    return this.rule;
  }

  /** Replaces the rule (counters are kept: the windows are the same). */
  setRule(rule: PanelRule): void {
    this.rule = rule;
  }

  /** Whether alarms go out one by one (true) or in digests. */
  get realtime(): boolean {
    return digestPeriodMs(this.rule) === null;
  }

  /** Decides what happens to a new alarm at `now`, and records it. */
  offer(alarm: T, now: number): PanelDecision {
    if (!passesPriority(this.rule, alarm.priority)) return 'filtered';
    if (this.overThreshold(now)) {
      this.heldInPeriod += 1;
      this.heldUnreported += 1;
      return 'held';
    }
    this.count(now);
    if (this.realtime) return 'push';
    this.queued += 1;
    this.queue.unshift(alarm);
    if (this.queue.length > DIGEST_SIZE) this.queue.length = DIGEST_SIZE;
    return 'queued';
  }

  /** Held-back alarms not reported yet (real time: the `alarm.held` notice), then resets. */
  takeHeld(): number {
    const held = this.heldUnreported;
    this.heldUnreported = 0;
    return held;
  }

  /** Ends the current period: the digest of what was queued and held (null when nothing). */
  flush(now: number): PanelDigest<T> | null {
    const digest: PanelDigest<T> = {
      count: this.queued,
      held: this.heldInPeriod,
      alarms: this.queue,
      from: new Date(this.periodStart).toISOString(),
      to: new Date(now).toISOString(),
    };
    this.queue = [];
    this.queued = 0;
    this.heldInPeriod = 0;
    this.heldUnreported = 0;
    this.periodStart = now;
    return digest.count > 0 || digest.held > 0 ? digest : null;
  }

  private overThreshold(now: number): boolean {
    if (!this.rule.enabled) return false;
    for (const [field, ms] of THRESHOLD_WINDOWS) {
      const limit = this.rule[field];
      if (limit === null) continue;
      const counter = this.windows.get(field);
      const start = Math.floor(now / ms) * ms;
      if (counter && counter.start === start && counter.count >= limit) return true;
    }
    return false;
  }

  private count(now: number): void {
    for (const [field, ms] of THRESHOLD_WINDOWS) {
      const start = Math.floor(now / ms) * ms;
      const counter = this.windows.get(field);
      if (counter && counter.start === start) counter.count += 1;
      else this.windows.set(field, { start, count: 1 });
    }
  }
}
