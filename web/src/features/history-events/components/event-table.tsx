import type { EventItem } from '@sentinel/contract';
import { Button, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ImageThumb } from '@/shared/ui/image-viewer/index.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { formatTime } from '@/shared/utils/time.ts';

/** Event rows: thumbnail, name, time, scene, camera, job, details. */
export function EventTable({
  rows,
  loading,
  pagination,
  onOpen,
}: {
  rows: EventItem[];
  loading: boolean;
  pagination: TablePaginationConfig;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('historyEvents');
  const { t: tc } = useTranslation();
  const columns: TableColumnsType<EventItem> = [
    {
      title: t('column.image'),
      dataIndex: 'eventImg',
      width: 80,
      render: (_, row) => <ImageThumb src={row.eventImg} alt={row.eventName} />,
    },
    { title: t('column.name'), dataIndex: 'eventName' },
    { title: t('column.time'), dataIndex: 'eventTime', render: (v: string) => formatTime(v) },
    { title: t('column.scene'), dataIndex: 'sceneName', render: (v: string) => v || '—' },
    {
      title: t('column.camera'),
      dataIndex: 'cameraName',
      responsive: ['md'],
      render: (v: string) => v || '—',
    },
    {
      title: t('column.job'),
      dataIndex: 'historyAssignmentId',
      responsive: ['lg'],
      render: (v: number | null) => (v === null ? '—' : `#${v}`),
    },
    {
      title: tc('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row, index) => (
        <Button type="link" size="small" onClick={() => onOpen(index)} data-testid={`event-${row.id}-view`}>
          {t('view')}
        </Button>
      ),
    },
  ];
  return (
    <ListTable<EventItem>
      testId="event"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={pagination}
    />
  );
}
