import { usePermissionStore } from '@/shared/stores/permission-store.ts';
import type { AnalysisRequest } from './analysis-filters.ts';
import { type AlarmDrill, alarmDrillUrl, type TaskDrill, taskDrillUrl } from './drill.ts';

export interface Drill {
  /** History alarms filtered as the figure; undefined when the user may not open History alarms. */
  alarms: (drill?: AlarmDrill) => string | undefined;
  /** History tasks filtered as the figure; undefined when the user may not open History tasks. */
  tasks: (drill?: TaskDrill) => string | undefined;
}

/** Drill-through links of an analysis (only to the lists the user may open). */
export function useDrill(query: AnalysisRequest): Drill {
  const codes = usePermissionStore((s) => s.codes);
  const alarms = codes.has('historyAlarm');
  const tasks = codes.has('historyTask');
  return {
    alarms: (drill) => (alarms ? alarmDrillUrl(query, drill) : undefined),
    tasks: (drill) => (tasks ? taskDrillUrl(query, drill) : undefined),
  };
}
