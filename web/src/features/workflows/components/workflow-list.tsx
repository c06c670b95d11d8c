import { MESSAGES, type WorkflowRow } from '@sentinel/contract';
import { Button, Card, Input, Select, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useAllWorkflowTypes } from '../api/workflow-types.ts';
import { useDeleteWorkflow, useWorkflows } from '../api/workflows.ts';
import { WorkflowForm } from './workflow-form.tsx';

/** Flowcharts: name, type, updated time; create, rename, delete, open in the editor. */
export function WorkflowList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('workflows');
  const { t: common } = useTranslation();
  const lang = useLang();
  const { can } = useButtons('flowSet');
  const [pageState, setPageState] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<{ name: string; typeId?: number | undefined }>({ name: '' });
  const [form, setForm] = useState<{ open: boolean; editing: WorkflowRow | null }>({
    open: false,
    editing: null,
  });
  const types = useAllWorkflowTypes();
  const query = useWorkflows({ ...pageState, ...filter });
  const remove = useDeleteWorkflow();

  const confirmDelete = (row: WorkflowRow) =>
    confirmDialog({
      title: MESSAGES['common.confirmDelete'][lang],
      content: row.name,
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id),
    });

  const columns: TableColumnsType<WorkflowRow> = [
    {
      title: t('list.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, row) => (
        <Button type="link" size="small" onClick={() => onOpen(row.id)} style={{ padding: 0 }}>
          {name}
        </Button>
      ),
    },
    {
      title: t('list.type'),
      dataIndex: 'typeName',
      width: 180,
      render: (v: string | null) => (v ? <Tag>{v}</Tag> : '—'),
    },
    { title: t('list.nodes'), dataIndex: 'nodeCount', width: 90 },
    { title: t('list.usedBy'), dataIndex: 'usedBy', width: 120 },
    { title: t('list.updatedAt'), dataIndex: 'updatedAt', width: 180, render: (v: string) => formatTime(v) },
    {
      title: common('actions'),
      key: 'actions',
      width: 220,
      render: (_, row) => (
        <Space size={4} wrap>
          <Button type="link" size="small" onClick={() => onOpen(row.id)} data-testid="workflow-open">
            {can('flowSet:edit') ? t('list.open') : t('list.view')}
          </Button>
          {can('flowSet:edit') ? (
            <Button type="link" size="small" onClick={() => setForm({ open: true, editing: row })}>
              {t('list.rename')}
            </Button>
          ) : null}
          {can('flowSet:delete') ? (
            <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
              {common('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="workflow-list">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('list.searchPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={() => {
            setFilter((f) => ({ ...f, name: keyword.trim() }));
            setPageState((s) => ({ ...s, page: 1 }));
          }}
          style={{ width: 260 }}
          enterButton={common('search')}
        />
        <Select
          allowClear
          style={{ width: 200 }}
          placeholder={t('list.allTypes')}
          value={filter.typeId}
          onChange={(typeId?: number) => {
            setFilter((f) => ({ ...f, typeId }));
            setPageState((s) => ({ ...s, page: 1 }));
          }}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          aria-label={t('list.type')}
        />
        {can('flowSet:add') ? (
          <Button
            type="primary"
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="workflow-add"
          >
            {t('list.add')}
          </Button>
        ) : null}
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Table<WorkflowRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 860 }}
          locale={{ emptyText: query.isPending ? ' ' : <PageEmpty description={t('list.empty')} /> }}
          pagination={tablePagination(pageState, query.data?.count ?? 0, setPageState)}
        />
      )}
      <WorkflowForm
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
        onCreated={onOpen}
      />
    </Card>
  );
}
