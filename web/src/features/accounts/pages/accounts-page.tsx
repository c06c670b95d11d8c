import { PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { AccountItem, AccountListQuery } from '@sentinel/contract';
import { Button, Card, Empty, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useAccounts } from '../api/account-list.ts';
import { AccountActions, type AccountDialog } from '../components/account-actions.tsx';
import { AccountFilters, type AccountFilterValues } from '../components/account-filters.tsx';
import { type AccountEditing, AccountFormDialog } from '../components/account-form-dialog.tsx';
import { type InitialPassword, InitialPasswordDialog } from '../components/initial-password-dialog.tsx';
import { RegionAuthorityDialog } from '../components/region-authority-dialog.tsx';
import { RoleDialog } from '../components/role-dialog.tsx';
import { SceneAuthorityDialog } from '../components/scene-authority-dialog.tsx';

const ROUTE = 'accounts';

function toQuery(filters: AccountFilterValues, paging: PageState): AccountListQuery {
  return {
    ...paging,
    keyword: filters.keyword ?? '',
    ...(filters.roleId ? { roleId: filters.roleId } : {}),
    ...(filters.lock ? { locked: filters.lock === 'locked' } : {}),
  };
}

/** /permission/accounts: accounts, their roles, lock status, passwords and scene / regional authority. */
export default function AccountsPage() {
  const { t } = useTranslation('accounts');
  const { t: tc } = useTranslation();
  const buttons = useButtons(ROUTE);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<AccountFilterValues>({});
  const [editing, setEditing] = useState<AccountEditing>(null);
  const [roleOf, setRoleOf] = useState<AccountItem | null>(null);
  const [sceneOf, setSceneOf] = useState<AccountItem[] | null>(null);
  const [regionOf, setRegionOf] = useState<AccountItem | null>(null);
  const [initial, setInitial] = useState<InitialPassword | null>(null);
  const [selected, setSelected] = useState<AccountItem[]>([]);
  const query = useAccounts(toQuery(filters, paging));
  const canAuthority = buttons.can('accounts:authority');

  const open = (dialog: AccountDialog, row: AccountItem) => {
    if (dialog === 'edit') setEditing({ row });
    else if (dialog === 'role') setRoleOf(row);
    else if (dialog === 'scene') setSceneOf([row]);
    else setRegionOf(row);
  };

  const columns: TableColumnsType<AccountItem> = [
    { title: t('field.accountName'), dataIndex: 'accountName', fixed: 'left' },
    { title: t('field.displayName'), dataIndex: 'displayName' },
    { title: t('field.phone'), dataIndex: 'phone', responsive: ['md'] },
    { title: t('field.email'), dataIndex: 'email', responsive: ['lg'] },
    {
      title: t('field.roles'),
      key: 'roles',
      render: (_, row) => (
        <Flex wrap gap={4} data-testid={`accounts-roles-${row.accountName}`}>
          {row.roles.map((r) => (
            <Tag key={r.id} color={r.name === 'admin' ? 'gold' : 'blue'} style={{ marginInlineEnd: 0 }}>
              {r.displayName || r.name}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('field.sceneAuthority'),
      key: 'scenes',
      render: (_, row) => (
        <span data-testid={`accounts-scenes-${row.accountName}`}>
          {row.allScenes
            ? t('authority.all')
            : row.sceneCount > 0
              ? t('authority.count', { count: row.sceneCount })
              : t('authority.none')}
        </span>
      ),
    },
    {
      title: t('field.lockStatus'),
      key: 'locked',
      render: (_, row) => (
        <Tag color={row.locked ? 'red' : 'green'} data-testid={`accounts-lock-${row.accountName}`}>
          {row.locked ? t('status.locked') : t('status.unlocked')}
        </Tag>
      ),
    },
    {
      title: t('field.lastSignTime'),
      key: 'lastSignTime',
      render: (_, row) => (
        <span data-testid={`accounts-last-sign-${row.accountName}`}>
          {row.lastSignTime ? formatTime(row.lastSignTime) : t('never')}
        </span>
      ),
    },
    {
      title: tc('actions'),
      key: 'actions',
      render: (_, row) => (
        <AccountActions row={row} can={buttons.can} onOpen={open} onInitialPassword={setInitial} />
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="accounts-page">
      <AccountFilters
        onSearch={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        {buttons.can('accounts:add') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({})}
            data-testid="accounts-add"
          >
            {t('add')}
          </Button>
        ) : null}
        {canAuthority ? (
          <Button
            icon={<SafetyOutlined />}
            disabled={selected.length === 0}
            title={selected.length === 0 ? t('selectRows') : undefined}
            onClick={() => setSceneOf(selected)}
            data-testid="accounts-batch-authority"
          >
            {t('action.batchAuthority', { count: selected.length })}
          </Button>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<AccountItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          data-testid="accounts-table"
          locale={{ emptyText: <Empty description={tc('noData')} data-testid="accounts-empty" /> }}
          rowSelection={
            canAuthority
              ? {
                  selectedRowKeys: selected.map((r) => r.id),
                  preserveSelectedRowKeys: true,
                  onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
                  getCheckboxProps: (row) =>
                    ({ 'data-testid': `accounts-select-${row.accountName}` }) as Record<string, string>,
                }
              : undefined
          }
          onRow={(row) =>
            ({ 'data-testid': `accounts-row-${row.accountName}` }) as HTMLAttributes<HTMLElement>
          }
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
      <AccountFormDialog editing={editing} onClose={() => setEditing(null)} onInitialPassword={setInitial} />
      <RoleDialog account={roleOf} onClose={() => setRoleOf(null)} />
      <SceneAuthorityDialog
        accounts={sceneOf}
        onClose={(saved) => {
          if (saved && sceneOf && sceneOf.length > 1) setSelected([]);
          setSceneOf(null);
        }}
      />
      <RegionAuthorityDialog account={regionOf} onClose={() => setRegionOf(null)} />
      <InitialPasswordDialog value={initial} onClose={() => setInitial(null)} />
    </Card>
  );
}
