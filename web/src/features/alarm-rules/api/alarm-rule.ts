import { ALARM_RULE_API, ALARM_RULE_TYPE, type AlarmRule, type AlarmRuleBody } from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';

export const fetchAlarmRule = (userId: number) =>
  request<AlarmRule>(ALARM_RULE_API.rule, { query: { userId, type: ALARM_RULE_TYPE } });

export const alarmRuleQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['alarmRule', userId], queryFn: () => fetchAlarmRule(userId) });

export const useAlarmRule = (userId: number | null) =>
  useQuery({ ...alarmRuleQueryOptions(userId ?? 0), enabled: userId !== null });

/** Saves the rule (success toast from the server message); the cached rule is replaced. */
export function useSaveAlarmRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmRuleBody) =>
      action<AlarmRule>(ALARM_RULE_API.rule, { method: 'PUT', body }).then((e) => e.data),
    onSuccess: (rule) => client.setQueryData(alarmRuleQueryOptions(rule.userId).queryKey, rule),
  });
}
