import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@sentinel/contract';
import type { TablePaginationConfig } from 'antd';
import { i18n } from '../i18n/i18n.ts';

export interface PageState {
  page: number;
  limit: number;
}

export const FIRST_PAGE: PageState = { page: 1, limit: DEFAULT_PAGE_SIZE };

/**
 * The paginated table footer of SPEC §2/§9: sizes 10, 20, 30, 50 (default 10); layout total,
 * sizes, prev, pager, next, jumper. Use as antd Table's `pagination`.
 */
export function tablePagination(
  state: PageState,
  total: number,
  onChange: (next: PageState) => void,
): TablePaginationConfig {
  return {
    current: state.page,
    pageSize: state.limit,
    total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (count) => i18n.t('table.total', { ns: 'common', count }),
    onChange: (page, limit) => onChange({ page: limit !== state.limit ? 1 : page, limit }),
  };
}
