import { Form, Input, Select } from 'antd';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRoleChoices } from './role-select.tsx';

export interface AccountFilterValues {
  keyword?: string;
  roleId?: number;
  lock?: 'locked' | 'unlocked';
}

/** Search bar of the account list: keyword, role, lock status. */
export function AccountFilters({ onSearch }: { onSearch: (values: AccountFilterValues) => void }) {
  const { t } = useTranslation('accounts');
  const [form] = Form.useForm<AccountFilterValues>();
  const roles = useRoleChoices();
  return (
    <FilterBar<AccountFilterValues>
      form={form}
      onFinish={(values) => onSearch({ ...values, keyword: values.keyword?.trim() })}
      onReset={() => onSearch({})}
      testId="accounts-filters"
      searchTestId="accounts-search"
    >
      <Form.Item name="keyword">
        <Input
          allowClear
          placeholder={t('keyword')}
          aria-label={t('keyword')}
          style={{ width: 260 }}
          maxLength={100}
          data-testid="accounts-keyword"
        />
      </Form.Item>
      <Form.Item name="roleId">
        <Select
          allowClear
          placeholder={t('filter.role')}
          aria-label={t('filter.role')}
          options={roles.options}
          loading={roles.loading}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 180 }}
          data-testid="accounts-filter-role"
        />
      </Form.Item>
      <Form.Item name="lock">
        <Select
          allowClear
          placeholder={t('filter.lockStatus')}
          aria-label={t('filter.lockStatus')}
          options={[
            { value: 'unlocked', label: t('status.unlocked') },
            { value: 'locked', label: t('status.locked') },
          ]}
          style={{ width: 140 }}
          data-testid="accounts-filter-lock"
        />
      </Form.Item>
    </FilterBar>
  );
}
