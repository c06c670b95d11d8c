import type { RoleItem, RoleLogItem, RoleLogQuery } from '@sentinel/contract';
import { Empty, Form, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ChangeList } from '@/shared/ui/change-list.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { changeDiff, changeSummary } from '@/shared/utils/change-diff.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useRoleLog } from '../api/role-log.ts';

interface LogFilterValues {
  roleId?: number | null;
  range?: PartialRange;
}

/** i18n key of a role log action (`role.create` → `logAction.role_create`). */
export const logActionKey = (action: string) => `logAction.${action.replace(/\./g, '_')}`;

/** The role named by an entry: its role id in the list, else the name in the detail, else the target. */
function roleOf(item: RoleLogItem, roles: Map<number, RoleItem>): string {
  const known = item.roleId !== null ? roles.get(item.roleId) : undefined;
  if (known) return known.displayName || known.name;
  for (const side of ['after', 'before'] as const) {
    const value = item.detail[side];
    if (typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string')
      return value.name;
  }
  return typeof item.detail.name === 'string' ? item.detail.name : item.target;
}

/** The role change log (log/role/list): time, who, action, role, before/after; filter by role and time. */
export function RoleLog({ roles }: { roles: RoleItem[] }) {
  const { t } = useTranslation('roles');
  const [form] = Form.useForm<LogFilterValues>();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<Omit<RoleLogQuery, 'page' | 'limit'>>({});
  const query = useRoleLog({ ...paging, ...filters });
  const byId = new Map(roles.map((r) => [r.id, r]));

  const columns: TableColumnsType<RoleLogItem> = [
    { title: t('log.time'), dataIndex: 'createdAt', render: (value: string) => formatTime(value) },
    { title: t('log.who'), dataIndex: 'accountName' },
    {
      title: t('log.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag title={action} data-testid="role-log-action">
          {t(logActionKey(action), { defaultValue: action })}
        </Tag>
      ),
    },
    { title: t('log.role'), key: 'role', render: (_, row) => roleOf(row, byId) },
    {
      title: t('log.change'),
      key: 'change',
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: changeSummary(row.detail, 10) }} style={{ maxWidth: 360 }}>
          {changeSummary(row.detail) || '—'}
        </Typography.Text>
      ),
    },
  ];

  return (
    <>
      <FilterBar<LogFilterValues>
        form={form}
        testId="role-log-filters"
        searchTestId="role-log-search"
        onFinish={(values) => {
          setFilters({
            ...(values.roleId ? { roleId: values.roleId } : {}),
            ...rangeToQuery(values.range),
          });
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        onReset={() => {
          setFilters({});
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="roleId" label={t('log.role')}>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('log.allRoles')}
            style={{ width: 180 }}
            options={roles.map((r) => ({ value: r.id, label: r.displayName || r.name }))}
            data-testid="role-log-role"
          />
        </Form.Item>
        <TimeRangeField testId="role-log-time" />
      </FilterBar>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Table<RoleLogItem>
          rowKey="id"
          size="middle"
          scroll={{ x: 'max-content' }}
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
          expandable={{
            expandedRowRender: (row) => (
              <ChangeList
                diff={changeDiff(row.detail)}
                valueLabel={t('log.value')}
                unchangedLabel={t('log.unchanged')}
                maxLength={200}
              />
            ),
            rowExpandable: (row) => Object.keys(row.detail).length > 0,
          }}
          locale={{ emptyText: <Empty description={t('log.empty')} data-testid="role-log-empty" /> }}
          data-testid="role-log-table"
        />
      )}
    </>
  );
}
