import { useState } from 'react';
import { FIRST_PAGE, type PageState } from '../ui/table-pagination.ts';

/** The filters that are set: an empty one (null, undefined, '') is left out of the list query. */
const activeFilters = (filters: object) =>
  Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );

/**
 * State of a list page: SPEC pagination, keyword, area filter, the page's own filters (a kind,
 * a type…; `initialFilters` gives their names and empty values) and the row being edited. Every
 * change of a filter goes back to the first page.
 */
export function useListPage<Row, Filters extends object = Record<never, never>>(
  initialFilters: Filters = {} as Filters,
) {
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeywordState] = useState('');
  const [areaId, setAreaIdState] = useState<number | null>(null);
  const [filters, setFiltersState] = useState<Filters>(initialFilters);
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  return {
    paging,
    setPaging,
    keyword,
    setKeyword: (value: string) => {
      setKeywordState(value);
      firstPage();
    },
    areaId,
    setAreaId: (value: number | null) => {
      setAreaIdState(value);
      firstPage();
    },
    filters,
    /** Changes some of the page's own filters. */
    setFilters: (patch: Partial<Filters>) => {
      setFiltersState((current) => ({ ...current, ...patch }));
      firstPage();
    },
    /** The list query body. */
    query: {
      ...paging,
      keyword,
      ...(areaId ? { areaId } : {}),
      ...(activeFilters(filters) as Partial<Filters>),
    },
    editing,
    startAdd: () => setEditing({}),
    startEdit: (row: Row) => setEditing({ row }),
    close: () => setEditing(null),
  };
}
