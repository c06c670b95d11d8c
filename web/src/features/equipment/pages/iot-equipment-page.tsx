import type { IotEquipmentItem } from '@sentinel/contract';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { useButtons } from '../../../shared/permission/use-buttons.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { tablePagination } from '../../../shared/ui/table-pagination.ts';
import { formatTime } from '../../../shared/utils/time.ts';
import { iotApi } from '../api/iot-equipment.ts';
import { AreaSelect } from '../components/area-select.tsx';
import { IotFormDrawer } from '../components/iot-form-drawer.tsx';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { OnlineTag } from '../components/online-tag.tsx';
import { RowActions } from '../components/row-actions.tsx';
import { useListPage } from '../lib/use-list-page.ts';

/** /deviceManagement/IotEquipment: gas detectors, access gates, PLC gateways… */
export default function IotEquipmentPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('IotEquipment');
  const page = useListPage<IotEquipmentItem>();
  const query = iotApi.useList(page.query);
  const remove = iotApi.useRemove();
  const canEdit = buttons.can('IotEquipment:edit');
  const canDelete = buttons.can('IotEquipment:delete');

  const columns: TableColumnsType<IotEquipmentItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    { title: t('field.kind'), dataIndex: 'kind', responsive: ['md'] },
    { title: t('field.protocol'), dataIndex: 'protocol' },
    { title: t('field.address'), key: 'address', render: (_, r) => `${r.ip}:${r.port}` },
    { title: t('field.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: t('field.online'), dataIndex: 'online', render: (v: boolean) => <OnlineTag online={v} /> },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', responsive: ['lg'], render: formatTime },
    {
      title: tc('actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          testId={`iot-${row.code}`}
          name={row.name}
          onEdit={canEdit ? () => page.startEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync(row.id) : undefined}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="iot-page">
      <ListToolbar
        testId="iot"
        placeholder={t('iot.keyword')}
        onSearch={page.setKeyword}
        filters={<AreaSelect value={page.areaId} onChange={page.setAreaId} style={{ minWidth: 200 }} />}
        addLabel={t('iot.add')}
        onAdd={buttons.can('IotEquipment:add') ? page.startAdd : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<IotEquipmentItem>
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
      <IotFormDrawer editing={page.editing} onClose={page.close} />
    </Card>
  );
}
