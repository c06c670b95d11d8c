import {
  type AlarmPushPolicy,
  type AlarmSettings,
  alarmSettingsBody,
  DEFAULT_ALARM_POLICY,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmSetting } from '../../db/schema/index.ts';

const ROW_ID = 1;

/** A stored policy read back through the contract schema (a field added later takes its default). */
function policyOf(value: unknown): AlarmPushPolicy {
  const parsed = alarmSettingsBody.safeParse(value ?? {});
  return parsed.success ? parsed.data : { ...DEFAULT_ALARM_POLICY };
}

/** The settings as the API answers them (no sound bytes). */
export async function findSettings(db: Db): Promise<AlarmSettings> {
  const [row] = await db
    .select({
      policy: alarmSetting.policy,
      soundName: alarmSetting.soundName,
      soundSize: alarmSetting.soundSize,
      updatedAt: alarmSetting.updatedAt,
    })
    .from(alarmSetting)
    .where(eq(alarmSetting.id, ROW_ID));
  if (!row) {
    return {
      ...DEFAULT_ALARM_POLICY,
      sound: 'builtin',
      soundName: '',
      soundSize: 0,
      soundVersion: '',
      updatedAt: null,
    };
  }
  const custom = row.soundSize > 0;
  return {
    ...policyOf(row.policy),
    sound: custom ? 'custom' : 'builtin',
    soundName: custom ? row.soundName : '',
    soundSize: row.soundSize,
    soundVersion: custom ? String(row.updatedAt.getTime()) : '',
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The levels the global policy pushes to the floating panel (empty: every level). */
export async function pushedPriorities(db: Db): Promise<number[]> {
  const [row] = await db
    .select({ policy: alarmSetting.policy })
    .from(alarmSetting)
    .where(eq(alarmSetting.id, ROW_ID));
  return row ? policyOf(row.policy).priorities : [];
}

/** Saves the policy (the sound stays). */
export async function savePolicy(db: Db, policy: AlarmPushPolicy, now: Date): Promise<void> {
  await db
    .insert(alarmSetting)
    .values({ id: ROW_ID, policy, updatedAt: now })
    .onConflictDoUpdate({ target: alarmSetting.id, set: { policy, updatedAt: now } });
}

/** Stores a custom sound (null: back to the built-in one). */
export async function saveSound(
  db: Db,
  sound: { name: string; data: Buffer } | null,
  now: Date,
): Promise<void> {
  const values = {
    soundName: sound?.name ?? '',
    soundData: sound ? sound.data.toString('base64') : '',
    soundSize: sound?.data.length ?? 0,
    updatedAt: now,
  };
  await db
    .insert(alarmSetting)
    .values({ id: ROW_ID, policy: DEFAULT_ALARM_POLICY, ...values })
    .onConflictDoUpdate({ target: alarmSetting.id, set: values });
}

/** The custom sound's bytes, or undefined for the built-in one. */
export async function findSound(db: Db): Promise<{ data: Buffer; version: string } | undefined> {
  const [row] = await db
    .select({ data: alarmSetting.soundData, updatedAt: alarmSetting.updatedAt })
    .from(alarmSetting)
    .where(eq(alarmSetting.id, ROW_ID));
  if (!row || row.data === '') return undefined;
  return { data: Buffer.from(row.data, 'base64'), version: String(row.updatedAt.getTime()) };
}
