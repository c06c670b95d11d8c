import type { OfflineState } from '@sentinel/contract';
import { Form, Input, Select } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { STATE_OPTIONS, stateTag } from '../lib/analysis-state.ts';

export interface AnalysisFilterValues {
  keyword?: string;
  state?: OfflineState | null;
}

/** Keyword (the analysis name) and state, then Search / Reset. */
export function AnalysisFilters({
  onSearch,
  onReset,
}: {
  onSearch: (values: AnalysisFilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('offlineVideo');
  const [form] = Form.useForm<AnalysisFilterValues>();
  return (
    <FilterBar<AnalysisFilterValues>
      form={form}
      onFinish={onSearch}
      onReset={onReset}
      testId="offline-filters"
      searchTestId="offline-search"
    >
      <Form.Item name="keyword" label={t('filter.keyword')}>
        <Input allowClear maxLength={64} style={{ width: 200 }} data-testid="offline-filter-keyword" />
      </Form.Item>
      <Form.Item name="state" label={t('filter.state')}>
        <Select<OfflineState>
          allowClear
          placeholder={t('filter.allStates')}
          style={{ width: 160 }}
          options={STATE_OPTIONS.map((state) => ({ value: state, label: t(stateTag(state).labelKey) }))}
          data-testid="offline-filter-state"
        />
      </Form.Item>
    </FilterBar>
  );
}
