import { DATASET_SOURCES, type DatasetItem, type DatasetItemQuery } from '@sentinel/contract';
import { Card, Empty, Flex, Pagination, Select, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useDatasetItems } from '../api/datasets.ts';
import { BoxOverlay } from './box-overlay.tsx';

const PAGE = 24;

type Query = DatasetItemQuery & { page: number; limit: number };

/** The working set as thumbnails (boxes on hover), filtered by class, negatives or source. */
export function ImageGrid({
  datasetId,
  classes,
  onOpen,
}: {
  datasetId: number;
  classes: string[];
  onOpen: (item: DatasetItem) => void;
}) {
  const { t } = useTranslation('datasets');
  const [query, setQuery] = useState<Query>({ page: 1, limit: PAGE });
  const [hover, setHover] = useState<number | null>(null);
  const items = useDatasetItems(datasetId, query);
  const kind = query.negatives === true ? 'negatives' : query.cls ? `cls:${query.cls}` : '';

  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 200 }}
          allowClear
          placeholder={t('filter.kind')}
          data-testid="dataset-filter-kind"
          value={kind || undefined}
          onChange={(v?: string) =>
            setQuery((q) => ({
              ...q,
              page: 1,
              negatives: v === 'negatives' ? true : undefined,
              cls: v?.startsWith('cls:') ? v.slice(4) : undefined,
            }))
          }
          options={[
            { value: 'negatives', label: t('filter.negatives') },
            ...classes.map((c) => ({ value: `cls:${c}`, label: c })),
          ]}
        />
        <Select
          style={{ width: 180 }}
          allowClear
          placeholder={t('filter.source')}
          value={query.source}
          onChange={(source) => setQuery((q) => ({ ...q, page: 1, source }))}
          options={DATASET_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
        />
      </Space>
      {items.isError ? (
        <PageError onRetry={() => void items.refetch()} />
      ) : items.isLoading ? (
        <Skeleton active />
      ) : (items.data?.list.length ?? 0) === 0 ? (
        <Empty description={t('noImages')} />
      ) : (
        <>
          <Flex wrap gap={12} data-testid="dataset-grid">
            {items.data?.list.map((item) => (
              <Card
                key={item.id}
                size="small"
                hoverable
                style={{ width: 180 }}
                styles={{ body: { padding: 6 } }}
                data-testid={`dataset-item-${item.id}`}
                tabIndex={0}
                role="button"
                aria-label={t('editLabels')}
                onClick={() => onOpen(item)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') onOpen(item);
                }}
                onMouseEnter={() => setHover(item.id)}
                onMouseLeave={() => setHover(null)}
                onFocus={() => setHover(item.id)}
                onBlur={() => setHover(null)}
              >
                <div style={{ position: 'relative', aspectRatio: `${item.width} / ${item.height}` }}>
                  <img
                    src={item.url}
                    alt=""
                    loading="lazy"
                    style={{ width: '100%', height: '100%', display: 'block', objectFit: 'fill' }}
                  />
                  {hover === item.id ? <BoxOverlay labels={item.labels} showNames={false} /> : null}
                </div>
                <div style={{ marginTop: 4, minHeight: 22 }}>
                  {item.labels.length === 0 ? (
                    <Tag>{t('negative')}</Tag>
                  ) : (
                    <Tag color="blue">{t('boxCount', { count: item.labels.length })}</Tag>
                  )}
                  <Tag bordered={false}>{t(`source.${item.source}`)}</Tag>
                </div>
              </Card>
            ))}
          </Flex>
          <Pagination
            style={{ marginTop: 12 }}
            size="small"
            current={query.page}
            pageSize={PAGE}
            total={items.data?.count ?? 0}
            showSizeChanger={false}
            onChange={(page) => setQuery((q) => ({ ...q, page }))}
          />
        </>
      )}
    </div>
  );
}
