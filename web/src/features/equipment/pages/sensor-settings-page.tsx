import type { SensorItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { AreaSelect, actionsColumn, CrudList, useListPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { sensorApi } from '../api/sensors.ts';
import { SensorFormDrawer } from '../components/sensor-form-drawer.tsx';

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
    actionsColumn<SensorItem>({
      title: tc('actions'),
      testId: (row) => `sensor-${row.code}`,
      name: (row) => row.name,
      onEdit: canEdit ? page.startEdit : undefined,
      onDelete: canDelete ? (row) => remove.mutateAsync(row.id) : undefined,
    }),
  ];

  return (
    <CrudList
      testId="sensor"
      search={{ placeholder: t('sensor.keyword'), onSearch: page.setKeyword }}
      filters={<AreaSelect value={page.areaId} onChange={page.setAreaId} style={{ minWidth: 200 }} />}
      addLabel={t('sensor.add')}
      onAdd={buttons.can('sensorSettings:add') ? page.startAdd : undefined}
      query={query}
      columns={columns}
      paging={page.paging}
      onPaging={page.setPaging}
    >
      <SensorFormDrawer editing={page.editing} onClose={page.close} />
    </CrudList>
  );
}
