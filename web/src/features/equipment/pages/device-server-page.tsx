import { SERVER_KINDS, type ServerItem, type ServerKind } from '@sentinel/contract';
import { Card, Empty, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { useButtons } from '../../../shared/permission/use-buttons.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { tablePagination } from '../../../shared/ui/table-pagination.ts';
import { formatTime } from '../../../shared/utils/time.ts';
import { serverApi } from '../api/servers.ts';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { OnlineTag } from '../components/online-tag.tsx';
import { RowActions } from '../components/row-actions.tsx';
import { ServerFormDrawer } from '../components/server-form-drawer.tsx';
import { useListPage } from '../lib/use-list-page.ts';

/** /deviceManagement/serverSettings: analysis, media and storage servers (address and port). */
export default function DeviceServerPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('deviceServerSettings');
  const page = useListPage<ServerItem>();
  const [kind, setKind] = useState<ServerKind | null>(null);
  const query = serverApi.useList({ ...page.query, ...(kind ? { kind } : {}) });
  const remove = serverApi.useRemove();
  const canEdit = buttons.can('deviceServerSettings:edit');
  const canDelete = buttons.can('deviceServerSettings:delete');

  const columns: TableColumnsType<ServerItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    {
      title: t('field.serverKind'),
      dataIndex: 'kind',
      render: (v: string) => t(`serverKind.${v}`, { defaultValue: v }),
    },
    { title: t('field.ip'), dataIndex: 'ip' },
    { title: t('field.port'), dataIndex: 'port' },
    { title: t('field.online'), dataIndex: 'online', render: (v: boolean) => <OnlineTag online={v} /> },
    { title: t('field.description'), dataIndex: 'description', responsive: ['xl'], ellipsis: true },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', responsive: ['lg'], render: formatTime },
    {
      title: tc('actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          testId={`server-${row.id}`}
          name={row.name}
          onEdit={canEdit ? () => page.startEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync(row.id) : undefined}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="server-page">
      <ListToolbar
        testId="server"
        placeholder={t('server.keyword')}
        onSearch={page.setKeyword}
        filters={
          <Select<ServerKind>
            allowClear
            placeholder={t('field.serverKind')}
            aria-label={t('field.serverKind')}
            value={kind ?? undefined}
            onChange={(v) => {
              setKind(v ?? null);
              page.setPaging((p) => ({ ...p, page: 1 }));
            }}
            options={SERVER_KINDS.map((k) => ({ value: k, label: t(`serverKind.${k}`) }))}
            style={{ minWidth: 160 }}
          />
        }
        addLabel={t('server.add')}
        onAdd={buttons.can('deviceServerSettings:add') ? page.startAdd : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<ServerItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={tc('noData')} /> }}
          pagination={tablePagination(page.paging, query.data?.count ?? 0, page.setPaging)}
        />
      )}
      <ServerFormDrawer editing={page.editing} onClose={page.close} />
    </Card>
  );
}
