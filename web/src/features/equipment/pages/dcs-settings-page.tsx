import type { DcsPointItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { AreaSelect, CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { dcsApi } from '../api/dcs-points.ts';
import { DcsFormDrawer } from '../components/dcs-form-drawer.tsx';

const limit = (value: number | null) => (value === null ? '—' : String(value));

/** /deviceManagement/dcsSettings: DCS tags with their plant location and limits. */
export default function DcsSettingsPage() {
  const { t } = useTranslation('equipment');
  const crud = useCrudPage(dcsApi, 'dcsSettings');

  const columns: TableColumnsType<DcsPointItem> = [
    { title: t('field.tag'), dataIndex: 'tag' },
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.unit'), dataIndex: 'unit' },
    { title: t('field.lowLimit'), dataIndex: 'lowLimit', render: limit },
    { title: t('field.highLimit'), dataIndex: 'highLimit', render: limit },
    { title: t('field.location'), dataIndex: 'areaName', render: (v: string | null) => v ?? '—' },
    {
      title: t('field.description'),
      dataIndex: 'description',
      responsive: ['xl'],
      ellipsis: true,
    },
    crud.actionsColumn({
      testId: (row) => `dcs-${row.tag}`,
      name: (row) => `${row.tag} ${row.name}`,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="dcs"
      search={t('dcs.keyword')}
      filters={<AreaSelect value={crud.areaId} onChange={crud.setAreaId} style={{ minWidth: 200 }} />}
      addLabel={t('dcs.add')}
      columns={columns}
    >
      <DcsFormDrawer {...crud.form} />
    </CrudList>
  );
}
