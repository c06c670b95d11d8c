import { GlobalOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { RoleItem } from '@sentinel/contract';
import {
  Button,
  Empty,
  Flex,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';

export interface RoleActions {
  onEdit?: (row: RoleItem) => void;
  onDelete?: (row: RoleItem) => void;
  onAuthorize?: (row: RoleItem) => void;
  onToggleGlobal?: (row: RoleItem) => void;
}

/** The roles: name, display name, description, global tag, accounts, updated time, actions. */
export function RoleTable({
  rows,
  loading,
  pagination,
  actions,
}: {
  rows: RoleItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
  /** A handler is omitted when the caller may not use that action. */
  actions: RoleActions;
}) {
  const { t } = useTranslation('roles');
  const { t: tc } = useTranslation();
  const columns: TableColumnsType<RoleItem> = [
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Flex gap={4} align="center">
          <span data-testid="role-name-cell">{name}</span>
          {row.builtIn ? <Tag>{t('builtIn')}</Tag> : null}
        </Flex>
      ),
    },
    { title: t('field.displayName'), dataIndex: 'displayName' },
    {
      title: t('field.description'),
      dataIndex: 'description',
      responsive: ['lg'],
      render: (text: string) => (
        <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 240 }}>
          {text}
        </Typography.Text>
      ),
    },
    {
      title: (
        <Tooltip title={t('global.explain')}>
          <span>
            {t('field.global')} <QuestionCircleOutlined aria-label={t('global.explain')} />
          </span>
        </Tooltip>
      ),
      dataIndex: 'isGlobal',
      render: (isGlobal: boolean) =>
        isGlobal ? (
          <Tooltip title={t('global.explain')}>
            <Tag color="blue" icon={<GlobalOutlined />} data-testid="role-global-tag">
              {t('global.tag')}
            </Tag>
          </Tooltip>
        ) : null,
    },
    {
      title: t('field.accountCount'),
      dataIndex: 'accountCount',
      align: 'right',
      render: (count: number) => <span data-testid="role-account-count">{count}</span>,
    },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', render: (value: string) => formatTime(value) },
    {
      title: tc('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row) => (
        <Flex gap={0} wrap>
          {actions.onEdit ? (
            <Button type="link" size="small" onClick={() => actions.onEdit?.(row)} data-testid="role-edit">
              {tc('edit')}
            </Button>
          ) : null}
          {actions.onAuthorize ? (
            <Button
              type="link"
              size="small"
              onClick={() => actions.onAuthorize?.(row)}
              data-testid="role-authorize"
            >
              {row.builtIn ? t('auth.view') : t('auth.action')}
            </Button>
          ) : null}
          {actions.onToggleGlobal && !row.builtIn ? (
            <Tooltip title={t('global.explain')}>
              <Button
                type="link"
                size="small"
                onClick={() => actions.onToggleGlobal?.(row)}
                data-testid="role-global"
              >
                {row.isGlobal ? t('global.unset') : t('global.set')}
              </Button>
            </Tooltip>
          ) : null}
          {actions.onDelete && !row.builtIn ? (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => actions.onDelete?.(row)}
              data-testid="role-delete"
            >
              {tc('delete')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <Table<RoleItem>
      rowKey="id"
      size="middle"
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      locale={{ emptyText: <Empty description={tc('noData')} data-testid="roles-empty" /> }}
      onRow={(row) => ({ 'data-testid': `role-row-${row.name}` }) as HTMLAttributes<HTMLElement>}
      data-testid="roles-table"
    />
  );
}
