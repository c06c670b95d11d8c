import type { DcsPointItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { AreaSelect, actionsColumn, CrudList, useListPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { dcsApi } from '../api/dcs-points.ts';
import { DcsFormDrawer } from '../components/dcs-form-drawer.tsx';

const limit = (value: number | null) => (value === null ? '—' : String(value));

/** /deviceManagement/dcsSettings: DCS tags with their plant location and limits. */
export default function DcsSettingsPage() {
  const { t } = useTranslation('equipment');
  const { t: tc } = useTranslation();
  const buttons = useButtons('dcsSettings');
  const page = useListPage<DcsPointItem>();
  const query = dcsApi.useList(page.query);
  const remove = dcsApi.useRemove();
  const canEdit = buttons.can('dcsSettings:edit');
  const canDelete = buttons.can('dcsSettings:delete');

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
    actionsColumn<DcsPointItem>({
      title: tc('actions'),
      testId: (row) => `dcs-${row.tag}`,
      name: (row) => `${row.tag} ${row.name}`,
      onEdit: canEdit ? page.startEdit : undefined,
      onDelete: canDelete ? (row) => remove.mutateAsync(row.id) : undefined,
    }),
  ];

  return (
    <CrudList
      testId="dcs"
      search={{ placeholder: t('dcs.keyword'), onSearch: page.setKeyword }}
      filters={<AreaSelect value={page.areaId} onChange={page.setAreaId} style={{ minWidth: 200 }} />}
      addLabel={t('dcs.add')}
      onAdd={buttons.can('dcsSettings:add') ? page.startAdd : undefined}
      query={query}
      columns={columns}
      paging={page.paging}
      onPaging={page.setPaging}
    >
      <DcsFormDrawer editing={page.editing} onClose={page.close} />
    </CrudList>
  );
}
