import type { IotEquipmentItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { AreaSelect, CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { iotApi } from '../api/iot-equipment.ts';
import { IotFormDrawer } from '../components/iot-form-drawer.tsx';
import { OnlineTag } from '../components/online-tag.tsx';

/** /deviceManagement/IotEquipment: gas detectors, access gates, PLC gateways… */
export default function IotEquipmentPage() {
  const { t } = useTranslation('equipment');
  const crud = useCrudPage(iotApi, 'IotEquipment');

  const columns: TableColumnsType<IotEquipmentItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    { title: t('field.kind'), dataIndex: 'kind', responsive: ['md'] },
    { title: t('field.protocol'), dataIndex: 'protocol' },
    { title: t('field.address'), key: 'address', render: (_, r) => `${r.ip}:${r.port}` },
    { title: t('field.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: t('field.online'), dataIndex: 'online', render: (v: boolean) => <OnlineTag online={v} /> },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', responsive: ['lg'], render: formatTime },
    crud.actionsColumn({
      testId: (row) => `iot-${row.code}`,
      name: (row) => row.name,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="iot"
      search={t('iot.keyword')}
      filters={<AreaSelect value={crud.areaId} onChange={crud.setAreaId} style={{ minWidth: 200 }} />}
      addLabel={t('iot.add')}
      columns={columns}
    >
      <IotFormDrawer {...crud.form} />
    </CrudList>
  );
}
