import type { AlarmItem } from '@sentinel/contract';
import { and, asc, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoAlarm } from '../../db/schema/index.ts';
import { type VisibleScenes, visibleScenes } from '../../platform/scene-authority.ts';
import type { SessionUser } from '../../platform/types.ts';
import { isAdminAccount, loadPanelRule, PanelPolicy, type PanelRule } from '../alarm-rules/index.ts';
import { pushedPriorities } from '../alarm-settings/index.ts';
import { toAlarmItem } from './mapper.ts';

/**
 * A user's alarm rule applied to the alarms this feature reads (issue 4 §6): the floating panel's
 * poll and the scheduled alarm reports. The rule itself and its policy belong to alarm-rules,
 * which knows no alarm rows; the event stream gets the same policy through its filter hook.
 */

/** SQL condition of scene authority on video alarms (undefined: every scene). */
export function sceneCondition(scenes: VisibleScenes): SQL | undefined {
  if (scenes === 'all') return undefined;
  if (scenes.length === 0) return sql`false`;
  return inArray(videoAlarm.sceneId, scenes);
}

/** SQL condition of the rule's priority filter (undefined: every priority). */
export function priorityCondition(rule: PanelRule): SQL | undefined {
  if (!rule.enabled || rule.priorities.length === 0) return undefined;
  return inArray(videoAlarm.priority, rule.priorities);
}

/**
 * What the floating panel's poll may show this user: alarms of the scenes they see, with the
 * levels the global alarm settings push and the priorities of their alarm rule (cooldown, quiet
 * hours, thresholds and frequency govern pushes, not the poll).
 */
export async function panelAlarmCondition(
  db: Db,
  user: Pick<SessionUser, 'accountId' | 'isAdmin'>,
): Promise<SQL | undefined> {
  const [scenes, rule, levels] = await Promise.all([
    visibleScenes(db, user),
    loadPanelRule(db, user.accountId),
    pushedPriorities(db),
  ]);
  const global = levels.length > 0 ? inArray(videoAlarm.priority, levels) : undefined;
  return and(sceneCondition(scenes), global, priorityCondition(rule));
}

export interface AlarmReport {
  rule: PanelRule;
  /** Alarms the rule lets into the report, oldest first. */
  alarms: AlarmItem[];
  /** Alarms of the period held back by a threshold. */
  held: number;
  /** True when the period had more alarms than `limit` (the rest are not read). */
  truncated: boolean;
}

/**
 * The alarms of [from, to) for a scheduled alarm report of this account (issue 4 §6; the report
 * scheduler itself is a later issue): the account's scene authority, its rule's priority filter
 * and thresholds (counted on alarm time, in the same UTC windows as the panel). A disabled rule
 * filters nothing. The frequency decides when reports go out, not what is in them.
 */
export async function alarmsForReport(
  db: Db,
  accountId: number,
  from: Date,
  to: Date,
  options: { limit?: number } = {},
): Promise<AlarmReport> {
  const limit = options.limit ?? 10_000;
  const rule = await loadPanelRule(db, accountId);
  const scenes = await visibleScenes(db, { accountId, isAdmin: await isAdminAccount(db, accountId) });
  const rows = await db
    .select()
    .from(videoAlarm)
    .where(
      and(
        gte(videoAlarm.alarmTime, from),
        lt(videoAlarm.alarmTime, to),
        sceneCondition(scenes),
        priorityCondition(rule),
      ),
    )
    .orderBy(asc(videoAlarm.alarmTime), asc(videoAlarm.id))
    .limit(limit + 1);
  const truncated = rows.length > limit;
  const policy = new PanelPolicy<{ priority: number }>({ ...rule, frequency: 'realtime' }, from.getTime());
  const alarms: AlarmItem[] = [];
  let held = 0;
  for (const row of rows.slice(0, limit)) {
    const decision = policy.offer(row, row.alarmTime.getTime());
    if (decision === 'push') alarms.push(toAlarmItem(row));
    else if (decision === 'held') held += 1;
  }
  return { rule, alarms, held, truncated };
}

/** `base` narrowed to what the user's panel may show (panelAlarmCondition). */
export async function withPanelFilter(
  db: Db,
  user: Pick<SessionUser, 'accountId' | 'isAdmin'>,
  base: SQL | undefined,
): Promise<SQL | undefined> {
  return and(base, await panelAlarmCondition(db, user));
}
