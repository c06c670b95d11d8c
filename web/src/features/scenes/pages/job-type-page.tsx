import { type JobTypeItem, translate } from '@sentinel/contract';
import { Button, Card, Input, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useDeleteJobType, useJobTypes } from '../api/job-types.ts';
import { JobTypeModal } from '../components/job-type-modal.tsx';

/** /sceneManagement/temporaryJobType: job types (hot work, work at height, confined space…). */
export default function JobTypePage() {
  const { t } = useTranslation('scenes');
  const lang = useLang();
  const title = useRouteTitle();
  const buttons = useButtons('temporaryJobType');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<{ open: boolean; item: JobTypeItem | null }>({
    open: false,
    item: null,
  });
  const query = useJobTypes({ ...paging, keyword });
  const remove = useDeleteJobType();

  return (
    <Card variant="borderless" title={title} data-testid="job-type-page">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          value={typed}
          placeholder={t('placeholder.jobTypeKeyword')}
          style={{ width: 220 }}
          onChange={(e) => setTyped(e.target.value)}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {buttons.can('temporaryJobType:add') ? (
          <Button
            type="primary"
            onClick={() => setEditing({ open: true, item: null })}
            data-testid="job-type-add"
          >
            {t('action.add')}
          </Button>
        ) : null}
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<JobTypeItem>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          dataSource={query.data?.list ?? []}
          locale={{ emptyText: query.isPending ? ' ' : <PageEmpty /> }}
          scroll={{ x: 'max-content' }}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
          columns={[
            { title: t('field.jobTypeName'), dataIndex: 'name' },
            {
              title: t('field.jobTypeKind'),
              dataIndex: 'kind',
              width: 140,
              render: (kind: JobTypeItem['kind']) => (
                <Tag color={kind === 'fixed' ? 'blue' : 'orange'}>{t(`jobTypeKind.${kind}`)}</Tag>
              ),
            },
            { title: t('field.description'), dataIndex: 'description' },
            { title: t('field.sceneCount'), dataIndex: 'sceneCount', width: 90, align: 'center' },
            {
              title: t('field.updatedAt'),
              dataIndex: 'createdAt',
              width: 170,
              render: (v: string) => formatTime(v),
            },
            {
              title: t('actions', { ns: 'common' }),
              key: 'actions',
              width: 150,
              render: (_, item) => (
                <Space size={0}>
                  {buttons.can('temporaryJobType:edit') ? (
                    <Button type="link" size="small" onClick={() => setEditing({ open: true, item })}>
                      {t('action.edit')}
                    </Button>
                  ) : null}
                  {buttons.can('temporaryJobType:delete') ? (
                    <Popconfirm
                      title={translate('common.confirmDelete', lang)}
                      onConfirm={() => remove.mutate(item.id)}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        disabled={item.sceneCount > 0}
                        title={item.sceneCount > 0 ? t('jobTypeInUse') : undefined}
                      >
                        {t('action.delete')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      )}
      <JobTypeModal
        open={editing.open}
        item={editing.item}
        onClose={() => setEditing({ open: false, item: null })}
      />
    </Card>
  );
}
