import { ALARM_RULE_UPDATED } from '@sentinel/contract';
import type { BusEvent } from '../../platform/event-bus.ts';
import { canSeeScene, type VisibleScenes } from '../../platform/scene-authority.ts';
import { nextDigestAt, PanelPolicy, type PanelRule } from '../alarm-rules/panel-policy.ts';

/** Held-back notices in real time are gathered for this long, then sent as one `alarm.held`. */
export const HELD_NOTICE_MS = 1000;
/** At most this many alarms wait for a rule being reloaded (more are dropped from the push). */
const WAITING_MAX = 200;

/** The scene an event is about: its audience's, else an alarm event's own `sceneId`. */
function sceneOf(event: BusEvent): { sceneId: number | null } | undefined {
  const audience = event.audience;
  if (audience && 'sceneId' in audience && audience.sceneId !== undefined) {
    return { sceneId: audience.sceneId };
  }
  if (event.type.startsWith('alarm.') && typeof event.data === 'object' && event.data !== null) {
    const sceneId = (event.data as { sceneId?: unknown }).sceneId;
    if (sceneId === null || typeof sceneId === 'number') return { sceneId };
  }
  return undefined;
}

/**
 * Whether an event may go to this subscriber: an audience account means that account only; a
 * scene (the audience's, or the alarm's own) needs scene authority over it (no scene: accounts
 * that see every scene).
 */
export function audienceAllows(event: BusEvent, accountId: number, scenes: VisibleScenes): boolean {
  if (event.internal) return false;
  const target = event.audience?.accountId;
  if (target !== undefined && target !== accountId) return false;
  const scene = sceneOf(event);
  if (scene === undefined) return true;
  return scene.sceneId === null ? scenes === 'all' : canSeeScene(scenes, scene.sceneId);
}

export interface SubscriberOptions {
  accountId: number;
  scenes: VisibleScenes;
  rule: PanelRule;
  now: () => Date;
  /** Writes one event to the stream. */
  send: (type: string, data: unknown) => void;
  /** Reloads the account's rule (after `alarmRule.updated`). */
  loadRule: () => Promise<PanelRule>;
  onError: (error: unknown) => void;
}

/**
 * One event-stream subscriber: filters bus events by audience and scene authority, and governs
 * `alarm.created` by the account's alarm rule (PanelPolicy): pushed at once, held back (an
 * `alarm.held` notice), or gathered into an `alarm.digest` at the end of the rule's period.
 * State: the policy (a few counters, ≤ 20 queued alarms), two timers and, while the rule reloads,
 * the alarms waiting for it; `close()` clears them.
 */
export function createSubscriber(options: SubscriberOptions) {
  const { accountId, scenes, send, now } = options;
  const policy = new PanelPolicy<{ priority: number }>(options.rule, now().getTime());
  let digestTimer: NodeJS.Timeout | undefined;
  let heldTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const flushDigest = () => {
    const digest = policy.flush(now().getTime());
    if (digest) send('alarm.digest', digest);
  };

  const scheduleDigest = () => {
    clearTimeout(digestTimer);
    digestTimer = undefined;
    if (closed) return;
    const due = nextDigestAt(policy.current, now().getTime());
    if (due === null) return;
    digestTimer = setTimeout(
      () => {
        if (closed) return;
        // A timer may fire a little early by the app clock: then wait for the boundary.
        if (now().getTime() >= due) flushDigest();
        scheduleDigest();
      },
      Math.max(0, due - now().getTime()),
    );
    digestTimer.unref?.();
  };

  const noteHeld = () => {
    if (heldTimer || closed) return;
    heldTimer = setTimeout(() => {
      heldTimer = undefined;
      const held = policy.takeHeld();
      if (held > 0 && !closed) send('alarm.held', { held });
    }, HELD_NOTICE_MS);
    heldTimer.unref?.();
  };

  /** Alarms that arrive while the rule reloads wait for it (bounded), so they get the new rule. */
  let waiting: BusEvent[] | null = null;

  const reloadRule = async () => {
    waiting ??= [];
    try {
      const rule = await options.loadRule();
      if (closed) return;
      // What was gathered under the old rule goes out now.
      if (!policy.realtime) flushDigest();
      policy.setRule(rule);
      scheduleDigest();
    } catch (error) {
      options.onError(error);
    } finally {
      const queued = waiting ?? [];
      waiting = null;
      for (const event of queued) offerAlarm(event);
    }
  };

  const offerAlarm = (event: BusEvent) => {
    if (closed) return;
    if (waiting) {
      if (waiting.length < WAITING_MAX) waiting.push(event);
      return;
    }
    const alarm = event.data as { priority?: unknown } | null;
    const priority = typeof alarm?.priority === 'number' ? alarm.priority : 0;
    const decision = policy.offer({ ...(alarm as object), priority }, now().getTime());
    if (decision === 'push') send(event.type, event.data ?? null);
    else if (decision === 'held' && policy.realtime) noteHeld();
  };

  scheduleDigest();

  return {
    onEvent(event: BusEvent) {
      if (closed || !audienceAllows(event, accountId, scenes)) return;
      if (event.type === 'alarm.created') {
        offerAlarm(event);
        return;
      }
      if (event.type === ALARM_RULE_UPDATED && event.audience?.accountId === accountId) void reloadRule();
      send(event.type, event.data ?? null);
    },
    close() {
      closed = true;
      clearTimeout(digestTimer);
      clearTimeout(heldTimer);
      digestTimer = undefined;
      heldTimer = undefined;
    },
  };
}
