import type { SensorItem } from '@sentinel/contract';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { useButtons } from '../../../shared/permission/use-buttons.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { tablePagination } from '../../../shared/ui/table-pagination.ts';
import { sensorApi } from '../api/sensors.ts';
import { AreaSelect } from '../components/area-select.tsx';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { RowActions } from '../components/row-actions.tsx';
import { SensorFormDrawer } from '../components/sensor-form-drawer.tsx';
import { useListPage } from '../lib/use-list-page.ts';

const bound = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`.trim());

/** /deviceManagement/sensorSettings: gas, temperature, pressure, smoke… with alarm thresholds. */
export default function SensorSettingsPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('sensorSettings');
  const page = useListPage<SensorItem>();
  const query = sensorApi.useList(page.query);
  const remove = sensorApi.useRemove();
  const canEdit = buttons.can('sensorSettings:edit');
  const canDelete = buttons.can('sensorSettings:delete');

  const columns: TableColumnsType<SensorItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    {
      title: t('field.sensorKind'),
      dataIndex: 'kind',
      render: (v: string) => t(`sensorKind.${v}`, { defaultValue: v }),
    },
    { title: t('field.lowThreshold'), key: 'low', render: (_, r) => bound(r.lowThreshold, r.unit) },
    { title: t('field.highThreshold'), key: 'high', render: (_, r) => bound(r.highThreshold, r.unit) },
    {
      title: t('field.iotEquipment'),
      dataIndex: 'iotEquipmentName',
      responsive: ['lg'],
      render: (v: string | null) => v ?? '—',
    },
    { title: t('field.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    {
      title: tc('actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          testId={`sensor-${row.code}`}
          name={row.name}
          onEdit={canEdit ? () => page.startEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync(row.id) : undefined}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="sensor-page">
      <ListToolbar
        testId="sensor"
        placeholder={t('sensor.keyword')}
        onSearch={page.setKeyword}
        filters={<AreaSelect value={page.areaId} onChange={page.setAreaId} style={{ minWidth: 200 }} />}
        addLabel={t('sensor.add')}
        onAdd={buttons.can('sensorSettings:add') ? page.startAdd : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<SensorItem>
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
      <SensorFormDrawer editing={page.editing} onClose={page.close} />
    </Card>
  );
}
