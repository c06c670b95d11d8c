import { useState } from 'react';
import { FIRST_PAGE, type PageState } from '../ui/table-pagination.ts';

/** State of a list page: SPEC pagination, keyword, area filter and the row being edited. */
export function useListPage<Row>() {
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeywordState] = useState('');
  const [areaId, setAreaIdState] = useState<number | null>(null);
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
    /** The list query body. */
    query: { ...paging, keyword, ...(areaId ? { areaId } : {}) },
    editing,
    startAdd: () => setEditing({}),
    startEdit: (row: Row) => setEditing({ row }),
    close: () => setEditing(null),
  };
}
