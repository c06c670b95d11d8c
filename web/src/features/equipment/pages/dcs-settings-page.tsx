import type { DcsPointItem } from '@sentinel/contract';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { useButtons } from '../../../shared/permission/use-buttons.ts';
import { PageError } from '../../../shared/ui/page-states.tsx';
import { tablePagination } from '../../../shared/ui/table-pagination.ts';
import { dcsApi } from '../api/dcs-points.ts';
import { AreaSelect } from '../components/area-select.tsx';
import { DcsFormDrawer } from '../components/dcs-form-drawer.tsx';
import { ListToolbar } from '../components/list-toolbar.tsx';
import { RowActions } from '../components/row-actions.tsx';
import { useListPage } from '../lib/use-list-page.ts';

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
    {
      title: tc('actions'),
      key: 'actions',
      width: 130,
      render: (_, row) => (
        <RowActions
          testId={`dcs-${row.tag}`}
          name={`${row.tag} ${row.name}`}
          onEdit={canEdit ? () => page.startEdit(row) : undefined}
          onDelete={canDelete ? () => remove.mutateAsync(row.id) : undefined}
        />
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="dcs-page">
      <ListToolbar
        testId="dcs"
        placeholder={t('dcs.keyword')}
        onSearch={page.setKeyword}
        filters={<AreaSelect value={page.areaId} onChange={page.setAreaId} style={{ minWidth: 200 }} />}
        addLabel={t('dcs.add')}
        onAdd={buttons.can('dcsSettings:add') ? page.startAdd : undefined}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<DcsPointItem>
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
      <DcsFormDrawer editing={page.editing} onClose={page.close} />
    </Card>
  );
}
