import { MESSAGES, type WorkflowTypeRow } from '@sentinel/contract';
import { Button, Card, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useDeleteWorkflowType, useWorkflowTypes } from '../api/workflow-types.ts';
import { WorkflowTypeForm } from './workflow-type-form.tsx';

/**
 * The workflow types table (list, add, edit, delete), shown on both /knowledgeBase/workflowType
 * and /sceneManagement/sceneWorkflowType; `routeName` picks that screen's button codes.
 */
export function WorkflowTypesTable({ routeName }: { routeName: 'workflowType' | 'sceneWorkflowType' }) {
  const { t } = useTranslation('workflows');
  const { t: common } = useTranslation();
  const lang = useLang();
  const { can } = useButtons(routeName);
  const [pageState, setPageState] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [name, setName] = useState('');
  const [form, setForm] = useState<{ open: boolean; editing: WorkflowTypeRow | null }>({
    open: false,
    editing: null,
  });
  const query = useWorkflowTypes({ ...pageState, name });
  const remove = useDeleteWorkflowType();

  const confirmDelete = (row: WorkflowTypeRow) =>
    confirmDialog({
      title: MESSAGES['common.confirmDelete'][lang],
      content: row.name,
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(row.id),
    });

  const columns: TableColumnsType<WorkflowTypeRow> = [
    { title: t('types.name'), dataIndex: 'name', ellipsis: true },
    { title: t('types.description'), dataIndex: 'description', ellipsis: true },
    { title: t('types.workflowCount'), dataIndex: 'workflowCount', width: 120 },
    { title: t('types.createdAt'), dataIndex: 'createdAt', width: 180, render: (v: string) => formatTime(v) },
  ];
  if (can(`${routeName}:edit`) || can(`${routeName}:delete`)) {
    columns.push({
      title: common('actions'),
      key: 'actions',
      width: 160,
      render: (_, row) => (
        <Space size={4}>
          {can(`${routeName}:edit`) ? (
            <Button type="link" size="small" onClick={() => setForm({ open: true, editing: row })}>
              {common('edit')}
            </Button>
          ) : null}
          {can(`${routeName}:delete`) ? (
            <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
              {common('delete')}
            </Button>
          ) : null}
        </Space>
      ),
    });
  }

  const search = () => {
    setName(keyword.trim());
    setPageState((s) => ({ ...s, page: 1 }));
  };

  return (
    <Card variant="borderless" data-testid="workflow-types">
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('types.searchPlaceholder')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={search}
          style={{ width: 260 }}
          enterButton={common('search')}
        />
        {can(`${routeName}:add`) ? (
          <Button
            type="primary"
            onClick={() => setForm({ open: true, editing: null })}
            data-testid="type-add"
          >
            {t('types.add')}
          </Button>
        ) : null}
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Table<WorkflowTypeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={query.data?.list ?? []}
          loading={query.isFetching}
          scroll={{ x: 720 }}
          locale={{ emptyText: query.isPending ? ' ' : <PageEmpty description={t('types.empty')} /> }}
          pagination={tablePagination(pageState, query.data?.count ?? 0, setPageState)}
        />
      )}
      <WorkflowTypeForm
        open={form.open}
        editing={form.editing}
        onClose={() => setForm({ open: false, editing: null })}
      />
    </Card>
  );
}
