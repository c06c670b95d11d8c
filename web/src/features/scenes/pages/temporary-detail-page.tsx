import { JOB_STATES, type JobStateValue, type SceneItem } from '@sentinel/contract';
import { Card, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useScenes } from '../api/scene-list.ts';
import { temporaryDetailColumns } from '../components/temporary-detail-columns.tsx';
import { TemporaryJobCameras } from '../components/temporary-job-cameras.tsx';

type StateFilter = JobStateValue | 'all';

/**
 * /sceneManagement/temporaryDetail: read-only list of the temporary jobs (keyword, job status by
 * start/end time vs now); expanding a row shows the job's cameras and a link to its scene page.
 */
export function TemporaryDetailPage() {
  const { t } = useTranslation('scenes');
  const title = useRouteTitle();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<StateFilter>('all');
  const query = useScenes({
    kind: 'temporary',
    ...paging,
    keyword,
    jobState: state === 'all' ? null : state,
  });
  const columns = temporaryDetailColumns(t, Date.now());

  return (
    <Card variant="borderless" title={title} data-testid="temporary-detail">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          data-testid="job-search"
          aria-label={t('placeholder.jobKeyword')}
          placeholder={t('placeholder.jobKeyword')}
          style={{ width: 260 }}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Select<StateFilter>
          aria-label={t('detail.state')}
          data-testid="job-state-filter"
          style={{ width: 160 }}
          value={state}
          onChange={(value) => {
            setState(value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={[
            { value: 'all', label: t('detail.allStates') },
            ...JOB_STATES.map((s) => ({ value: s, label: t(`jobState.${s}`) })),
          ]}
        />
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Table<SceneItem>
          rowKey="id"
          size="middle"
          data-testid="temporary-detail-table"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: query.isPending ? ' ' : <PageEmpty description={t('detail.empty')} /> }}
          expandable={{
            expandedRowRender: (scene) => <TemporaryJobCameras scene={scene} />,
            expandRowByClick: false,
          }}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
    </Card>
  );
}

export default TemporaryDetailPage;
