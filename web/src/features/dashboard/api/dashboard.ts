import type { DashboardQuery } from '@sentinel/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { heatQuery, summaryQuery, untreatedQuery } from './queries.ts';

export { DASHBOARD_KEY, HEAT_KEY, SUMMARY_KEY, UNTREATED_KEY } from './queries.ts';

/** How often the figures are asked for while the event stream is down (SPEC §9 poll period). */
export const FALLBACK_POLL_MS = 15_000;
/** Cameras going on- or offline send no event: the figures are asked for again this often. */
export const CAMERA_REFRESH_MS = 60_000;

interface LiveOptions {
  /** Poll period (ms) or false; the event stream drives the refreshes otherwise. */
  poll: number | false;
}

/**
 * A control-room screen mends itself: a failed request is tried again twice (1 s, 2 s), and a
 * query left in error is asked for again every FALLBACK_POLL_MS even while the stream is up.
 */
const selfHealing = (poll: number | false) => ({
  retry: 2,
  retryDelay: (attempt: number) => 1_000 * 2 ** attempt,
  refetchInterval: (query: { state: { status: string } }) =>
    query.state.status === 'error' ? FALLBACK_POLL_MS : poll,
});

export const useDashboardSummary = (today: DashboardQuery, { poll }: LiveOptions) =>
  useQuery({ ...summaryQuery(today), placeholderData: keepPreviousData, ...selfHealing(poll) });

export const useHeatStrip = ({ poll }: LiveOptions) => useQuery({ ...heatQuery, ...selfHealing(poll) });

export const useNewestUntreated = ({ poll }: LiveOptions) =>
  useQuery({ ...untreatedQuery, ...selfHealing(poll) });
