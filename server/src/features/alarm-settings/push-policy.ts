import { type AlarmPushPolicy, inQuietHours } from '@sentinel/contract';

/**
 * The GLOBAL alarm push policy (System settings › Alarm settings) on one panel stream — pure (the
 * caller passes the clock). It runs before the user's own alarm rule (alarm-rules), and only
 * decides whether an alarm may go on to that rule:
 *
 * - levels: only the chosen priorities are pushed (empty: all) → 'filtered';
 * - quiet hours: the levels chosen as suppressed are not pushed while quiet → 'quiet' (the others
 *   are pushed; the panel plays no sound while quiet);
 * - cooldown: after a camera's alarm passed, that camera's next alarms within `cooldownSeconds`
 *   are held back → 'cooldown' (still stored and in the history; counted as held back).
 *
 * The cooldown state is one timestamp per camera, pruned when it grows past CAMERA_MEMORY.
 */
export type GlobalDecision = 'pass' | 'filtered' | 'quiet' | 'cooldown';

export const CAMERA_MEMORY = 5000;

export interface PolicyAlarm {
  priority: number;
  /** The camera's key: its id, else its name (an alarm of an unregistered camera); null: none. */
  camera: string | null;
}

export class GlobalPushPolicy {
  private readonly lastPassed = new Map<string, number>();

  constructor(private readonly policy: () => AlarmPushPolicy) {}

  decide(alarm: PolicyAlarm, now: number): GlobalDecision {
    const policy = this.policy();
    if (policy.priorities.length > 0 && !policy.priorities.includes(alarm.priority)) return 'filtered';
    if (policy.quietSuppressed.includes(alarm.priority) && inQuietHours(policy, new Date(now))) {
      return 'quiet';
    }
    const cooldownMs = policy.cooldownSeconds * 1000;
    if (cooldownMs > 0 && alarm.camera !== null) {
      const last = this.lastPassed.get(alarm.camera);
      if (last !== undefined && now - last < cooldownMs && now >= last) return 'cooldown';
      this.remember(alarm.camera, now, cooldownMs);
    }
    return 'pass';
  }

  private remember(camera: string, now: number, cooldownMs: number): void {
    this.lastPassed.delete(camera);
    this.lastPassed.set(camera, now);
    if (this.lastPassed.size <= CAMERA_MEMORY) return;
    for (const [id, at] of this.lastPassed) {
      if (now - at >= cooldownMs || this.lastPassed.size > CAMERA_MEMORY) this.lastPassed.delete(id);
      else break;
    }
  }
}
