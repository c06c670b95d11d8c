import { isPriorityCode, type Lang, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import dayjs from 'dayjs';
import { TAG_HEX } from '@/shared/charts/chart-options.ts';

/** A priority code's name in the UI language ("Urgent", "紧急"), the code itself when unknown. */
export function priorityName(priority: number, lang: Lang): string {
  return isPriorityCode(priority) ? PRIORITY_LABELS[priority][lang] : String(priority);
}

/** A priority's colour in charts (the hex of its tag colour). */
export function priorityColor(priority: number): string | undefined {
  return isPriorityCode(priority) ? TAG_HEX[PRIORITY_COLORS[priority]] : undefined;
}

/** Most urgent first (the order of the level filter). */
export const byUrgency = <T extends { priority: number }>(rows: T[]): T[] =>
  [...rows].sort((a, b) => b.priority - a.priority);

/** A trend bucket's label: "11-18 14:00" by hour, "11-18" by day (in the viewer's time zone). */
export function bucketLabel(time: string, granularity: 'hour' | 'day'): string {
  return dayjs(time).format(granularity === 'hour' ? 'MM-DD HH:00' : 'MM-DD');
}

/** Job run states (SPEC §4) and their colours: not started, running, normal, violation, undetermined. */
export const RUN_STATE_COLORS: Record<number, string> = {
  0: TAG_HEX.default as string,
  1: TAG_HEX.blue as string,
  2: TAG_HEX.green as string,
  3: TAG_HEX.red as string,
  4: TAG_HEX.orange as string,
};
