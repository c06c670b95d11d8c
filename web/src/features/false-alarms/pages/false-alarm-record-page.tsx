import { DICTIONARY_TYPES, type FalseAlarmRecordItem } from '@sentinel/contract';
import { Button, Card, Empty, Modal, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDictionary } from '@/shared/dictionary/use-dictionary.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useRecordList } from '../api/false-alarms.ts';
import { FalseAlarmFilterBar, type FalseAlarmFilters } from '../components/false-alarm-filters.tsx';
import { RatePanel } from '../components/rate-panel.tsx';
import { ReviewPanel } from '../components/review-panel.tsx';
import { StateTag } from '../components/state-tag.tsx';

/** The record's frame as a button that opens the review view on it. */
function Thumb({ record, onOpen }: { record: FalseAlarmRecordItem; onOpen: () => void }) {
  const { t } = useTranslation('falseAlarms');
  if (!record.frame) return <span aria-hidden>—</span>;
  return (
    <button
      type="button"
      onClick={onOpen}
      title={t('review.open')}
      aria-label={t('review.open')}
      style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in', display: 'block' }}
      data-testid={`false-alarm-thumb-${record.alarmId}`}
    >
      <img
        src={record.frame}
        alt={record.algorithmName}
        width={72}
        height={44}
        style={{ objectFit: 'cover' }}
      />
    </button>
  );
}

/** The records: filters, the list, and the keyboard review view over the listed records. */
function RecordsTab() {
  const { t } = useTranslation('falseAlarms');
  const { t: tc } = useTranslation();
  const reasons = useDictionary(DICTIONARY_TYPES.falseAlarmReason);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<FalseAlarmFilters>({});
  const [reviewing, setReviewing] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const query = useRecordList({ ...paging, ...filters });
  const rows = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const pagination = tablePagination(paging, total, setPaging);
  pagination.showTotal = () => t('total', { count: String(total) });
  const firstPending = rows.findIndex((r) => r.state === 'pending');

  const columns: TableColumnsType<FalseAlarmRecordItem> = [
    {
      title: t('column.image'),
      key: 'image',
      width: 88,
      render: (_, row, i) => <Thumb record={row} onOpen={() => setReviewing(i)} />,
    },
    { title: t('column.time'), dataIndex: 'alarmTime', render: (v: string) => formatTime(v) },
    {
      title: t('column.algorithm'),
      key: 'algorithm',
      render: (_, row) => (
        <>
          {row.algorithmName || '—'}
          {row.versionNumber !== null ? <Tag style={{ marginLeft: 8 }}>v{row.versionNumber}</Tag> : null}
        </>
      ),
    },
    { title: t('column.scene'), dataIndex: 'sceneName', render: (v: string) => v || '—' },
    {
      title: t('column.camera'),
      dataIndex: 'cameraName',
      responsive: ['md'],
      render: (v: string) => v || '—',
    },
    {
      title: t('column.boxes'),
      key: 'boxes',
      responsive: ['lg'],
      render: (_, row) => row.detections.length,
    },
    { title: t('column.state'), dataIndex: 'state', render: (_, row) => <StateTag state={row.state} /> },
    {
      title: t('column.reason'),
      dataIndex: 'reason',
      responsive: ['lg'],
      render: (v: string) => (v ? reasons.labelOf(v) : '—'),
    },
    { title: t('column.markedBy'), dataIndex: 'markedBy', render: (v: string) => v || '—' },
    {
      title: t('column.reviewer'),
      dataIndex: 'reviewer',
      responsive: ['md'],
      render: (v: string) => v || '—',
    },
    {
      title: tc('actions'),
      key: 'actions',
      render: (_, row, i) => (
        <Button
          size="small"
          onClick={() => setReviewing(i)}
          data-testid={`false-alarm-${row.alarmId}-review`}
        >
          {t('review.open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <FalseAlarmFilterBar
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <div style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          disabled={firstPending < 0}
          onClick={() => setReviewing(firstPending)}
          data-testid="false-alarm-start-review"
        >
          {t('review.start')}
        </Button>
      </div>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<FalseAlarmRecordItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={tc('noData')} /> }}
          pagination={pagination}
          onRow={(row) =>
            ({ 'data-testid': `false-alarm-row-${row.alarmId}` }) as React.HTMLAttributes<HTMLElement>
          }
          data-testid="false-alarm-table"
        />
      )}
      <Modal
        open={reviewing !== null}
        title={t('review.title')}
        footer={null}
        width={1100}
        keyboard={!editing}
        onCancel={() => setReviewing(null)}
        destroyOnHidden
      >
        {reviewing !== null ? (
          <ReviewPanel
            records={rows}
            index={Math.min(reviewing, Math.max(0, rows.length - 1))}
            onIndex={setReviewing}
            active
            onEditingChange={setEditing}
          />
        ) : null}
      </Modal>
    </>
  );
}

/**
 * /AIOpenPlatform/FalseAlarmRecord: every alarm marked false positive keeps a record (its own frame,
 * the engine's boxes, the version that raised it); reviewers verify them from the keyboard, and
 * the false-positive rate per algorithm and version shows where the engines go wrong.
 */
export default function FalseAlarmRecordPage() {
  const { t } = useTranslation('falseAlarms');
  return (
    <Card variant="borderless" data-testid="false-alarm-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'records', label: t('tab.records'), children: <RecordsTab /> },
          { key: 'rate', label: t('tab.rate'), children: <RatePanel /> },
        ]}
      />
    </Card>
  );
}
