import { ALARM_RULE_UPDATED } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import type { BusEvent } from '../../platform/event-bus.ts';
import type { StreamContext, StreamFilter, StreamFilterFactory } from '../../platform/event-stream.ts';
import { nextDigestAt, PanelPolicy, type PanelRule } from './panel-policy.ts';
import { loadPanelRule } from './repo.ts';

/** Held-back notices in real time are gathered for this long, then sent as one `alarm.held`. */
export const HELD_NOTICE_MS = 1000;
/** At most this many alarms wait for a rule being reloaded (more are dropped from the push). */
const WAITING_MAX = 200;

export interface PanelStreamOptions extends StreamContext {
  accountId: number;
  rule: PanelRule;
  /** Reloads the account's rule (after `alarmRule.updated`). */
  loadRule: () => Promise<PanelRule>;
}

/**
 * The account's alarm rule on its event stream: governs `alarm.created` by the rule (PanelPolicy):
 * pushed at once, held back (an `alarm.held` notice), or gathered into an `alarm.digest` at the
 * end of the rule's period; reloads the rule on `alarmRule.updated` for this account (and lets
 * that event through). State: the policy (a few counters, ≤ 20 queued alarms), two timers and,
 * while the rule reloads, the alarms waiting for it; `close()` clears them.
 */
export function createPanelStreamFilter(options: PanelStreamOptions): StreamFilter {
  const { accountId, send, now } = options;
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
      options.onError(error, 'alarm rule reload failed');
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
    take(event) {
      if (closed) return true;
      if (event.type === 'alarm.created') {
        offerAlarm(event);
        return true;
      }
      if (event.type === ALARM_RULE_UPDATED && event.audience?.accountId === accountId) void reloadRule();
      return false;
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

/** The filter alarm-rules registers on the event stream: the account's rule, loaded as the stream opens. */
export function panelStreamFilter(db: Db): StreamFilterFactory {
  return async (user) => {
    const rule = await loadPanelRule(db, user.accountId);
    return (stream) =>
      createPanelStreamFilter({
        ...stream,
        accountId: user.accountId,
        rule,
        loadRule: () => loadPanelRule(db, user.accountId),
      });
  };
}
