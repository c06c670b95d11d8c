import type { AlarmPushPolicy } from '@sentinel/contract';
import type { BusEvent } from '../../platform/event-bus.ts';
import type { StreamContext, StreamFilter, StreamFilterFactory } from '../../platform/event-stream.ts';
import { GlobalPushPolicy, type PolicyAlarm } from './push-policy.ts';

/** What the policy reads of an `alarm.created` event (its data is the alarm, or `{ alarm }`). */
export function policyAlarmOf(event: BusEvent): PolicyAlarm | undefined {
  if (event.type !== 'alarm.created') return undefined;
  const raw = event.data as { alarm?: unknown } | null;
  const data = (raw && typeof raw === 'object' && 'alarm' in raw ? raw.alarm : raw) as {
    priority?: unknown;
    cameraId?: unknown;
    cameraName?: unknown;
  } | null;
  const camera =
    typeof data?.cameraId === 'number'
      ? `id:${data.cameraId}`
      : typeof data?.cameraName === 'string' && data.cameraName !== ''
        ? `name:${data.cameraName}`
        : null;
  return { priority: typeof data?.priority === 'number' ? data.priority : 0, camera };
}

/** Held-back notices are gathered for this long, then sent as one `alarm.held` (as alarm-rules does). */
export const HELD_NOTICE_MS = 1000;

/**
 * The global push policy on one event stream: takes over (drops) the `alarm.created` events the
 * policy holds back — counting the cooldown's as held (`alarm.held { held, by: 'cooldown' }`, the panel's "held
 * back" note) — and lets the others go on to the next filter (the user's alarm rule). Reads the
 * policy at each alarm from `current()` (the instance's cache, refreshed on every change).
 */
export function createGlobalPushFilter(stream: StreamContext, current: () => AlarmPushPolicy): StreamFilter {
  const policy = new GlobalPushPolicy(current);
  let held = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const noteHeld = () => {
    held += 1;
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      const count = held;
      held = 0;
      if (count > 0 && !closed) stream.send('alarm.held', { held: count, by: 'cooldown' });
    }, HELD_NOTICE_MS);
    timer.unref?.();
  };

  return {
    take(event) {
      const alarm = closed ? undefined : policyAlarmOf(event);
      if (!alarm) return false;
      const decision = policy.decide(alarm, stream.now().getTime());
      if (decision === 'pass') return false;
      if (decision === 'cooldown') noteHeld();
      return true;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** The factory registered on app.streamFilters (before alarm-rules' own: the global policy first). */
export function globalPushFilter(current: () => AlarmPushPolicy): StreamFilterFactory {
  return async () => (stream) => createGlobalPushFilter(stream, current);
}
