import type { DashboardQuery } from '@sentinel/contract';
import { useEffect, useState } from 'react';
import { presetRange, rangeToQuery } from '@/shared/filters/time-presets.ts';

/** Today's range as this browser sees it (00:00:00.000 … 23:59:59.999, ISO). */
export function todayRange(): DashboardQuery {
  const { startTime = '', endTime = '' } = rangeToQuery(presetRange('today'));
  return { startTime, endTime };
}

/** Today's range, moving on at midnight (a console left open all night counts the new day). */
export function useToday(): DashboardQuery {
  const [today, setToday] = useState(todayRange);
  useEffect(() => {
    const wait = Math.max(1_000, Date.parse(today.endTime) - Date.now() + 1);
    const timer = setTimeout(() => setToday(todayRange()), wait);
    return () => clearTimeout(timer);
  }, [today]);
  return today;
}
