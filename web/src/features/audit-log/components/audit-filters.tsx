import { Form, Input, Select } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import type { PartialRange } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useAuditActions } from '../api/audit-actions.ts';
import { actionText } from '../lib/action-labels.ts';

export interface AuditFilterValues {
  accountName?: string;
  action?: string | null;
  range?: PartialRange;
}

/** Account name, action (the recorded actions, readable where known) and time range. */
export function AuditFilters({
  onSearch,
  onReset,
}: {
  onSearch: (values: AuditFilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('auditLog');
  const lang = useLang();
  const [form] = Form.useForm<AuditFilterValues>();
  const actions = useAuditActions();
  return (
    <FilterBar<AuditFilterValues>
      form={form}
      onFinish={onSearch}
      onReset={onReset}
      testId="biz-log-filters"
      searchTestId="biz-log-search"
    >
      <Form.Item name="accountName" label={t('filter.account')}>
        <Input allowClear maxLength={64} style={{ width: 160 }} data-testid="biz-log-filter-account" />
      </Form.Item>
      <Form.Item name="action" label={t('filter.action')}>
        <Select<string>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter.allActions')}
          loading={actions.isPending}
          notFoundContent={actions.isError ? t('filter.actionsFailed') : undefined}
          style={{ width: 220 }}
          popupMatchSelectWidth={false}
          options={(actions.data ?? []).map((action) => ({ value: action, label: actionText(action, lang) }))}
          data-testid="biz-log-filter-action"
        />
      </Form.Item>
      <TimeRangeField testId="biz-log-filter-time" />
    </FilterBar>
  );
}
