import type { AuditItem } from '@sentinel/contract';
import { type TableColumnsType, type TablePaginationConfig, Tag, Typography } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { changeSummary } from '@/shared/utils/change-diff.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { actionLabel } from '../lib/action-labels.ts';
import { ChangeDetail } from './change-detail.tsx';

/** The log: time, account, action, target, address, a summary; a row expands to its details. */
export function AuditTable({
  rows,
  loading,
  pagination,
}: {
  rows: AuditItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
}) {
  const { t } = useTranslation('auditLog');
  const lang = useLang();
  const columns: TableColumnsType<AuditItem> = [
    { title: t('column.time'), dataIndex: 'createdAt', render: (value: string) => formatTime(value) },
    {
      title: t('column.account'),
      dataIndex: 'accountName',
      render: (name: string) => name || <Typography.Text type="secondary">{t('noAccount')}</Typography.Text>,
    },
    {
      title: t('column.action'),
      dataIndex: 'action',
      render: (action: string, row) => {
        const label = actionLabel(action, lang);
        return label ? (
          <Tag title={action} data-testid={`biz-log-action-${row.id}`}>
            {label}
          </Tag>
        ) : (
          <Typography.Text code data-testid={`biz-log-action-${row.id}`}>
            {action}
          </Typography.Text>
        );
      },
    },
    {
      title: t('column.target'),
      dataIndex: 'target',
      render: (target: string) => (
        <Typography.Text ellipsis={{ tooltip: target }} style={{ maxWidth: 200 }}>
          {target}
        </Typography.Text>
      ),
    },
    { title: t('column.ip'), dataIndex: 'ip' },
    {
      title: t('column.summary'),
      key: 'summary',
      responsive: ['lg'],
      render: (_, row) => (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 320 }}>
          {changeSummary(row.detail)}
        </Typography.Text>
      ),
    },
  ];
  return (
    <ListTable<AuditItem>
      testId="biz-log"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
      expandable={{
        expandedRowRender: (row) => <ChangeDetail detail={row.detail} testId={`biz-log-detail-${row.id}`} />,
        rowExpandable: (row) => Object.keys(row.detail).length > 0,
        columnTitle: t('column.details'),
      }}
    />
  );
}
