import type { ReportFrequency } from '@sentinel/contract';
import { nextRunAfter } from '../../platform/plan-tasks.ts';

/** The schedule fields of a definition. */
export interface ReportSchedule {
  frequency: ReportFrequency;
  intervalMinutes: number | null;
  timeOfDay: string;
  weekday: number;
  dayOfMonth: number;
}

const MINUTE = 60_000;

/** The five-field cron of a frequency (server time zone, as the plan tasks); null for 'interval'. */
export function cronOfSchedule(s: ReportSchedule): string | null {
  const [h = '7', m = '0'] = s.timeOfDay.split(':').map((p) => String(Number(p)));
  switch (s.frequency) {
    case 'minute':
      return '* * * * *';
    case 'fiveMinutes':
      return '*/5 * * * *';
    case 'halfHour':
      return '*/30 * * * *';
    case 'hour':
      return '0 * * * *';
    case 'daily':
      return `${m} ${h} * * *`;
    case 'weekly':
      return `${m} ${h} * * ${s.weekday % 7}`;
    case 'monthly':
      return `${m} ${h} ${s.dayOfMonth} * *`;
    case 'interval':
      return null;
  }
}

/** The next due time after `from`: the cron's next time, or `from` + the interval. */
export function nextDueAfter(s: ReportSchedule, from: Date): Date {
  const cron = cronOfSchedule(s);
  if (cron === null) return new Date(from.getTime() + (s.intervalMinutes ?? 60) * MINUTE);
  return nextRunAfter(cron, from) ?? new Date(from.getTime() + MINUTE);
}

/** The period a send at `end` reports on: the frequency's period before it (a calendar month for monthly). */
export function rangeBefore(s: ReportSchedule, end: Date): { start: Date; end: Date } {
  const minutes: Record<Exclude<ReportFrequency, 'monthly'>, number> = {
    minute: 1,
    fiveMinutes: 5,
    halfHour: 30,
    hour: 60,
    daily: 1440,
    weekly: 7 * 1440,
    interval: s.intervalMinutes ?? 60,
  };
  if (s.frequency === 'monthly') {
    const start = new Date(end);
    start.setMonth(start.getMonth() - 1);
    return { start, end };
  }
  return { start: new Date(end.getTime() - minutes[s.frequency] * MINUTE), end };
}
