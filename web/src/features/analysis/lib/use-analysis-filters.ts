import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type AnalysisFilters,
  type AnalysisRequest,
  analysisFiltersFromParams,
  analysisFiltersToParams,
  analysisQueryOf,
  type PlaceFilters,
} from './analysis-filters.ts';

export interface AnalysisFilterState {
  filters: AnalysisFilters;
  setFilters: (filters: AnalysisFilters) => void;
  /** The request body, or null while a custom range is not chosen. */
  query: AnalysisRequest | null;
}

/**
 * An analysis page's filters kept in its URL (a reload or a shared link keeps them; `replace`,
 * so the back button leaves the page instead of walking through every filter change).
 */
export function useAnalysisFilters(places: PlaceFilters): AnalysisFilterState {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const plant = places.plant;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the params' content
  const filters = useMemo(() => analysisFiltersFromParams(params, { plant }), [key, plant]);
  // A preset is resolved once per day ("today" moves at midnight), so the query key stays put.
  const day = dayjs().format('YYYY-MM-DD');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `day` re-resolves the presets
  const query = useMemo(() => analysisQueryOf(filters), [filters, day]);
  const setFilters = useCallback(
    (next: AnalysisFilters) => setParams(analysisFiltersToParams(next), { replace: true }),
    [setParams],
  );
  return { filters, setFilters, query };
}
