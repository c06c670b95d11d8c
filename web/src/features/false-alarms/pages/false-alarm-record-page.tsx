import { type AlarmItem, isPriorityCode, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import { Card, Empty, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { ImageViewer } from '@/shared/ui/image-viewer/index.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useFalseAlarmList } from '../api/false-alarms.ts';
import { FalseAlarmFilterBar, type FalseAlarmFilters } from '../components/false-alarm-filters.tsx';

/** The drawn image (or the original) as a button that opens the viewer. */
function Thumb({ alarm, onOpen }: { alarm: AlarmItem; onOpen: () => void }) {
  const { t } = useTranslation('falseAlarms');
  const src = alarm.alarmImageDraw || alarm.alarmImage;
  if (!src) return <span aria-hidden>—</span>;
  return (
    <button
      type="button"
      onClick={onOpen}
      title={t('openViewer')}
      aria-label={t('openViewer')}
      style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in', display: 'block' }}
      data-testid={`false-alarm-thumb-${alarm.id}`}
    >
      <img src={src} alt={alarm.videoAlarmTypeName} width={72} height={44} style={{ objectFit: 'cover' }} />
    </button>
  );
}

/**
 * /AIOpenPlatform/FalseAlarmRecord: every alarm marked false positive, with its images, for the
 * retraining of the AI platform (selection and export of a retraining set come with that issue).
 */
export default function FalseAlarmRecordPage() {
  const { t } = useTranslation('falseAlarms');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<FalseAlarmFilters>({});
  const [viewing, setViewing] = useState<AlarmItem | null>(null);
  const query = useFalseAlarmList({ ...paging, ...filters });
  const rows = query.data?.list ?? [];
  const count = query.data?.count ?? 0;
  const pagination = tablePagination(paging, count, setPaging);
  pagination.showTotal = () =>
    query.data?.countCapped ? t('totalCapped', { count: '10,000+' }) : t('total', { count: String(count) });

  const columns: TableColumnsType<AlarmItem> = [
    {
      title: t('column.image'),
      key: 'image',
      width: 88,
      render: (_, row) => <Thumb alarm={row} onOpen={() => setViewing(row)} />,
    },
    { title: t('column.time'), dataIndex: 'alarmTime', render: (v: string) => formatTime(v) },
    {
      title: t('column.level'),
      dataIndex: 'priority',
      responsive: ['lg'],
      render: (v: number) =>
        isPriorityCode(v) ? <Tag color={PRIORITY_COLORS[v]}>{PRIORITY_LABELS[v][lang]}</Tag> : v,
    },
    { title: t('column.type'), dataIndex: 'videoAlarmTypeName' },
    { title: t('column.scene'), dataIndex: 'sceneName', render: (v: string) => v || '—' },
    {
      title: t('column.camera'),
      dataIndex: 'cameraName',
      responsive: ['md'],
      render: (v: string) => v || '—',
    },
    {
      title: t('column.markedBy'),
      dataIndex: 'handler',
      render: (v: string) => v || '—',
    },
    {
      title: t('column.markedAt'),
      dataIndex: 'handleTime',
      responsive: ['md'],
      render: (v: string | null) => (v ? formatTime(v) : '—'),
    },
  ];

  return (
    <Card variant="borderless" data-testid="false-alarm-page">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Typography.Title>
      <FalseAlarmFilterBar
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<AlarmItem>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={tc('noData')} /> }}
          pagination={pagination}
          onRow={(row) =>
            ({ 'data-testid': `false-alarm-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>
          }
          data-testid="false-alarm-table"
        />
      )}
      <Modal
        open={viewing !== null}
        title={viewing ? t('viewerTitle', { id: viewing.id, type: viewing.videoAlarmTypeName }) : ''}
        footer={null}
        width={820}
        onCancel={() => setViewing(null)}
        destroyOnHidden
      >
        {viewing ? (
          <div data-testid="false-alarm-viewer">
            <ImageViewer
              width={360}
              height={220}
              images={[
                { src: viewing.alarmImage, title: tc('alarm.imageOriginal') },
                { src: viewing.alarmImageDraw, title: tc('alarm.imageDraw') },
              ]}
            />
          </div>
        ) : null}
      </Modal>
    </Card>
  );
}
