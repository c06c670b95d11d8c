import { type SnapshotItem, snapshotListQuery } from '@sentinel/contract';
import { Card, Col, Empty, Image, Pagination, Row, Spin, Tag } from 'antd';
import { useState } from 'react';
import { sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useSnapshots } from '../api/cameras.ts';
import { CameraFilterBar } from '../components/camera-filters.tsx';
import { useErrorText } from '../components/state-tag.tsx';

const GRID_PAGE: PageState = { ...FIRST_PAGE, limit: 20 };

function SnapshotCard({ item }: { item: SnapshotItem }) {
  const { t } = useTranslation('selfCheckCameras');
  const errorText = useErrorText();
  return (
    <Card
      size="small"
      data-testid={`camera-snapshot-${item.id}`}
      cover={
        item.imageUrl ? (
          <Image src={item.imageUrl} alt={item.cameraName} height={150} style={{ objectFit: 'cover' }} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={errorText(item.error)}
            style={{ height: 150 }}
          />
        )
      }
    >
      <Card.Meta
        title={item.cameraName}
        description={
          <>
            <div>{formatTime(item.checkedAt)}</div>
            <Tag color={item.ok ? 'green' : 'red'}>{item.ok ? t('ok') : t('failed')}</Tag>
            {item.simulated && (
              <Tag color="orange" data-testid="snapshot-simulated">
                {t('simulated')}
              </Tag>
            )}
            {item.width && item.height ? <span>{`${item.width}×${item.height}`}</span> : null}
          </>
        }
      />
    </Card>
  );
}

/** /selfCheck/cameraScreenshotLog: a grid of snapshot grabs with time, camera, result and preview. */
export default function CameraScreenshotLogPage() {
  const [paging, setPaging] = useState<PageState>(GRID_PAGE);
  const [filters, setFilters] = useUrlFilters(snapshotListQuery);
  const query = useSnapshots({ ...paging, ...filters });
  const { t } = useTranslation();
  const list = query.data?.list ?? [];
  return (
    <Card variant="borderless" data-testid="camera-screenshot-log-page">
      <CameraFilterBar
        testId="camera-snapshot-filters"
        fields={['camera', 'range']}
        value={filters}
        onSearch={(next) => {
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          if (same) void query.refetch();
        }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Spin spinning={query.isPending || (query.isFetching && query.isPlaceholderData)}>
          {list.length === 0 && !query.isPending ? (
            <Empty description={t('noData')} data-testid="camera-snapshots-empty" />
          ) : (
            <Image.PreviewGroup>
              <Row gutter={[16, 16]} data-testid="camera-snapshots">
                {list.map((item) => (
                  <Col key={item.id} xs={24} sm={12} md={8} lg={6}>
                    <SnapshotCard item={item} />
                  </Col>
                ))}
              </Row>
            </Image.PreviewGroup>
          )}
          <Pagination
            style={{ marginTop: 16, textAlign: 'right' }}
            current={paging.page}
            pageSize={paging.limit}
            total={query.data?.count ?? 0}
            pageSizeOptions={[10, 20, 30, 50]}
            showSizeChanger
            onChange={(page, limit) => setPaging({ page, limit })}
          />
        </Spin>
      )}
    </Card>
  );
}
