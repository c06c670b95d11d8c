import { ADMIN_ROLE, ALARM_RULE_TYPE, type AlarmRule, type AlarmRuleFields } from '@sentinel/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account, accountRole, alarmRule, role } from '../../db/schema/index.ts';
import { DEFAULT_PANEL_RULE, type PanelRule } from './panel-policy.ts';

type RuleRow = typeof alarmRule.$inferSelect;

function toRule(userId: number, row: RuleRow | undefined): AlarmRule {
  if (!row) return { userId, type: ALARM_RULE_TYPE, ...DEFAULT_PANEL_RULE, updatedAt: null };
  return {
    userId,
    type: row.type,
    enabled: row.enabled,
    frequency: row.frequency as AlarmRule['frequency'],
    intervalMinutes: row.intervalMinutes,
    maxPerMinute: row.maxPerMinute,
    maxPerFiveMinutes: row.maxPerFiveMinutes,
    maxPerHour: row.maxPerHour,
    maxPerDay: row.maxPerDay,
    priorities: Array.isArray(row.priorities) ? row.priorities : [],
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's rule of type 1, or the defaults (real time, no limits, all priorities). */
export async function findRule(db: Db, userId: number): Promise<AlarmRule> {
  const [row] = await db
    .select()
    .from(alarmRule)
    .where(and(eq(alarmRule.accountId, userId), eq(alarmRule.type, ALARM_RULE_TYPE)));
  return toRule(userId, row);
}

/** The part of a rule the panel policy needs. */
export function panelRuleOf(rule: AlarmRule): PanelRule {
  return {
    enabled: rule.enabled,
    frequency: rule.frequency,
    intervalMinutes: rule.intervalMinutes,
    maxPerMinute: rule.maxPerMinute,
    maxPerFiveMinutes: rule.maxPerFiveMinutes,
    maxPerHour: rule.maxPerHour,
    maxPerDay: rule.maxPerDay,
    priorities: rule.priorities,
  };
}

export async function loadPanelRule(db: Db, userId: number): Promise<PanelRule> {
  return panelRuleOf(await findRule(db, userId));
}

/** Inserts or replaces the rule (the interval is kept only for frequency 'interval'). */
export async function saveRule(
  db: Db,
  userId: number,
  fields: AlarmRuleFields,
  now: Date,
): Promise<AlarmRule> {
  const values = {
    enabled: fields.enabled,
    frequency: fields.frequency,
    intervalMinutes: fields.frequency === 'interval' ? fields.intervalMinutes : null,
    maxPerMinute: fields.maxPerMinute,
    maxPerFiveMinutes: fields.maxPerFiveMinutes,
    maxPerHour: fields.maxPerHour,
    maxPerDay: fields.maxPerDay,
    priorities: [...new Set(fields.priorities)].sort((a, b) => a - b),
    updatedAt: now,
  };
  const [row] = await db
    .insert(alarmRule)
    .values({ accountId: userId, type: ALARM_RULE_TYPE, ...values })
    .onConflictDoUpdate({ target: [alarmRule.accountId, alarmRule.type], set: values })
    .returning();
  return toRule(userId, row);
}

export async function accountExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: account.id }).from(account).where(eq(account.id, id));
  return Boolean(row);
}

/** Whether the account holds the admin role (for scene authority outside a request). */
export async function isAdminAccount(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`1` })
    .from(accountRole)
    .innerJoin(role, eq(role.id, accountRole.roleId))
    .where(and(eq(accountRole.accountId, id), eq(role.name, ADMIN_ROLE)))
    .limit(1);
  return Boolean(row);
}
