import type { SensorItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { AreaSelect, CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { sensorApi } from '../api/sensors.ts';
import { SensorFormDrawer } from '../components/sensor-form-drawer.tsx';

const bound = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`.trim());

/** /deviceManagement/sensorSettings: gas, temperature, pressure, smoke… with alarm thresholds. */
export default function SensorSettingsPage() {
  const { t } = useTranslation('equipment');
  const crud = useCrudPage(sensorApi, 'sensorSettings');

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
    crud.actionsColumn({
      testId: (row) => `sensor-${row.code}`,
      name: (row) => row.name,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="sensor"
      search={t('sensor.keyword')}
      filters={<AreaSelect value={crud.areaId} onChange={crud.setAreaId} style={{ minWidth: 200 }} />}
      addLabel={t('sensor.add')}
      columns={columns}
    >
      <SensorFormDrawer {...crud.form} />
    </CrudList>
  );
}
