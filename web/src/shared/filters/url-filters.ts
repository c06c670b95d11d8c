import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { z } from 'zod';

/** A list query schema: a zod object whose fields are the list's filters (and its paging). */
type QuerySchema = z.ZodObject<z.ZodRawShape>;

/** The filters of a list query schema (paging left out), all optional. */
export type UrlFilters<S extends QuerySchema> = Partial<Omit<z.infer<S>, 'page' | 'limit'>>;

/** Fields of a list query that are not filters and never go in the URL. */
const NOT_FILTERS = new Set(['page', 'limit']);

/**
 * What a URL text may stand for: the text itself, a number, a boolean. A field keeps the first
 * candidate its schema accepts (`priority=120003` → 120003, `falsePositive=true` → true).
 */
function candidates(raw: string): unknown[] {
  const out: unknown[] = [raw];
  const trimmed = raw.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) out.push(Number(trimmed));
  if (raw === 'true') out.push(true);
  if (raw === 'false') out.push(false);
  return out;
}

/**
 * The filters of `schema` found in URL search params (names exactly the schema's field names).
 * Each field is parsed on its own with its schema; an invalid or unknown one is left out. A time
 * range counts only whole and in order (both `startTime` and `endTime`, end not before start).
 */
export function filtersFromParams<S extends QuerySchema>(schema: S, params: URLSearchParams): UrlFilters<S> {
  const found: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    if (NOT_FILTERS.has(name)) continue;
    const raw = params.get(name);
    if (raw === null || raw === '') continue;
    for (const candidate of candidates(raw)) {
      const parsed = (field as z.ZodType).safeParse(candidate);
      if (parsed.success && parsed.data !== undefined) {
        found[name] = parsed.data;
        break;
      }
    }
  }
  if ('startTime' in found || 'endTime' in found) {
    const start = Date.parse(String(found.startTime));
    const end = Date.parse(String(found.endTime));
    if (!(start <= end)) {
      delete found.startTime;
      delete found.endTime;
    }
  }
  return found as UrlFilters<S>;
}

/** URL search params of filters: every set field (0 and false kept), in the filters' order. */
export function filtersToParams(filters: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || NOT_FILTERS.has(name)) continue;
    params.set(name, String(value));
  }
  return params;
}

/** `path?filters` (no `?` when there is no filter): a link that opens a list already filtered. */
export function filtersUrl(path: string, filters: object): string {
  const query = filtersToParams(filters).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A list page's filters kept in its URL: read (and parsed with the list query's schema) from the
 * search params, written back with `replace` so a reload or a shared link keeps them and the
 * back button is not filled with every search.
 *
 * The router writes the URL in a transition, after the root loader's revalidation: a few renders
 * after the click. So `setFilters` also holds the searched filters ("pending") and the hook answers
 * them at once — the list query, the export button and the tags see them in the render the click
 * causes. Pending filters are the URL round trip of what was searched (written to params and read
 * back with the schema), so they are exactly what the URL will show, and they count only while the
 * location is the one they were searched on: the next location — the search's own URL, or any
 * later navigation (a link, back / forward) — is read from the URL again. Nothing copies the URL
 * into state or the state into the URL in an effect, so the two can never overwrite each other.
 * While the content is the same the same object is answered (a form filled from it is not reset
 * when the URL catches up).
 */
export function useUrlFilters<S extends QuerySchema>(
  schema: S,
): [UrlFilters<S>, (filters: UrlFilters<S>) => void] {
  const [params, setParams] = useSearchParams();
  const { key: locationKey } = useLocation();
  const search = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `search` is the params' content
  const fromUrl = useMemo(() => filtersFromParams(schema, params), [schema, search]);
  const [pending, setPending] = useState<Pending<S> | null>(null);
  const held = pending !== null && pending.locationKey === locationKey;
  // A pending value of a location left behind is never answered again; drop it.
  useEffect(() => {
    if (pending !== null && !held) setPending(null);
  }, [pending, held]);
  const current = held ? pending.filters : fromUrl;
  const content = sortedParams(current);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same content keeps the same object
  const filters = useMemo(() => current, [content]);
  const setFilters = useCallback(
    (next: UrlFilters<S>) => {
      const written = filtersToParams(next);
      setPending({ filters: filtersFromParams(schema, written), locationKey });
      setParams(written, { replace: true });
    },
    [schema, locationKey, setParams],
  );
  return [filters, setFilters];
}

/** Filters searched on the location `locationKey` whose URL the router has not written yet. */
interface Pending<S extends QuerySchema> {
  filters: UrlFilters<S>;
  locationKey: string;
}

/** The form value of a list's time range (the TimeRangeField's `range`), or undefined when none. */
export function rangeOfFilters(filters: {
  startTime?: string;
  endTime?: string;
}): [Dayjs, Dayjs] | undefined {
  if (!filters.startTime || !filters.endTime) return undefined;
  return [dayjs(filters.startTime), dayjs(filters.endTime)];
}

/** Whether two filter sets hold the same values, whatever their fields' order. */
export function sameFilters(a: object, b: object): boolean {
  return sortedParams(a) === sortedParams(b);
}

function sortedParams(filters: object): string {
  const params = filtersToParams(filters);
  params.sort();
  return params.toString();
}
