import type { IotEquipmentItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { AreaSelect, actionsColumn, CrudList, useListPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { iotApi } from '../api/iot-equipment.ts';
import { IotFormDrawer } from '../components/iot-form-drawer.tsx';
import { OnlineTag } from '../components/online-tag.tsx';

/** /deviceManagement/IotEquipment: gas detectors, access gates, PLC gateways… */
export default function IotEquipmentPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('IotEquipment');
  const page = useListPage<IotEquipmentItem>();
  const query = iotApi.useList(page.query);
  const remove = iotApi.useRemove();

  const columns: TableColumnsType<IotEquipmentItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    { title: t('field.kind'), dataIndex: 'kind', responsive: ['md'] },
    { title: t('field.protocol'), dataIndex: 'protocol' },
    { title: t('field.address'), key: 'address', render: (_, r) => `${r.ip}:${r.port}` },
    { title: t('field.area'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    { title: t('field.online'), dataIndex: 'online', render: (v: boolean) => <OnlineTag online={v} /> },
    { title: t('field.updatedAt'), dataIndex: 'updatedAt', responsive: ['lg'], render: formatTime },
    actionsColumn<IotEquipmentItem>({
      title: tc('actions'),
      testId: (row) => `iot-${row.code}`,
      name: (row) => row.name,
      onEdit: buttons.can('IotEquipment:edit') ? page.startEdit : undefined,
      onDelete: buttons.can('IotEquipment:delete') ? (row) => remove.mutateAsync(row.id) : undefined,
    }),
  ];

  return (
    <CrudList
      testId="iot"
      search={{ placeholder: t('iot.keyword'), onSearch: page.setKeyword }}
      filters={<AreaSelect value={page.areaId} onChange={page.setAreaId} style={{ minWidth: 200 }} />}
      addLabel={t('iot.add')}
      onAdd={buttons.can('IotEquipment:add') ? page.startAdd : undefined}
      query={query}
      columns={columns}
      paging={page.paging}
      onPaging={page.setPaging}
    >
      <IotFormDrawer editing={page.editing} onClose={page.close} />
    </CrudList>
  );
}
