import { ALARM_SETTINGS_CHANGED, type AlarmPushPolicy, DEFAULT_ALARM_POLICY } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { findSettings } from './repo.ts';

export interface PolicyCache {
  /** The policy in force on this instance (synchronous: read at every alarm). */
  current(): AlarmPushPolicy;
  /** Sets it at once (the instance that saved it). */
  set(policy: AlarmPushPolicy): void;
  /** Reads it again from the database. */
  reload(): Promise<void>;
}

const policyOf = (s: AlarmPushPolicy): AlarmPushPolicy => ({
  priorities: s.priorities,
  cooldownSeconds: s.cooldownSeconds,
  quietEnabled: s.quietEnabled,
  quietFrom: s.quietFrom,
  quietTo: s.quietTo,
  quietSuppressed: s.quietSuppressed,
  timeZone: s.timeZone,
});

/**
 * The global push policy of this instance: loaded at start, reloaded on every
 * `alarmSettings.changed` from any instance (the bus), so a change applies everywhere without a
 * restart. A failed reload keeps the last policy (and is logged).
 */
export async function createPolicyCache(app: FastifyInstance): Promise<PolicyCache> {
  let policy: AlarmPushPolicy = { ...DEFAULT_ALARM_POLICY };
  let generation = 0;
  const reload = async () => {
    const mine = ++generation;
    const next = policyOf(await findSettings(app.db));
    if (mine === generation) policy = next;
  };
  await reload();
  const off = app.bus.subscribe((event) => {
    if (event.type !== ALARM_SETTINGS_CHANGED) return;
    reload().catch((error: unknown) => app.log.warn({ err: error }, 'alarm settings reload failed'));
  });
  app.addHook('onClose', async () => off());
  return {
    current: () => policy,
    set(next) {
      generation += 1;
      policy = policyOf(next);
    },
    reload,
  };
}
