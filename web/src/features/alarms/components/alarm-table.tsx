import { type AlarmItem, isPriorityCode, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import type { TablePaginationConfig } from 'antd';
import { Button, Empty, Space, Table, type TableColumnsType, type TableProps, Tag } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import {
  AlarmActionButtons,
  type AlarmDialogMode,
  AlarmStateTag,
} from '@/shared/ui/alarm-detail-dialog/index.ts';
import { ImageThumb } from '@/shared/ui/image-viewer/index.ts';
import { formatTime } from '@/shared/utils/time.ts';

export function PriorityTag({ priority }: { priority: number }) {
  const lang = useLang();
  if (!isPriorityCode(priority)) return <Tag>{priority}</Tag>;
  return <Tag color={PRIORITY_COLORS[priority]}>{PRIORITY_LABELS[priority][lang]}</Tag>;
}

/** Alarm rows: thumbnail, time, level, type, scene, camera, plant/area, status, handler, actions. */
export function AlarmTable({
  rows,
  loading,
  mode,
  pagination,
  onOpen,
  rowSelection,
  testId,
}: {
  rows: AlarmItem[];
  loading: boolean;
  mode: AlarmDialogMode;
  pagination: TablePaginationConfig | false;
  onOpen: (index: number) => void;
  rowSelection?: TableProps<AlarmItem>['rowSelection'];
  testId: string;
}) {
  const { t } = useTranslation('alarms');
  const { t: tc } = useTranslation();
  const columns: TableColumnsType<AlarmItem> = [
    {
      title: t('column.image'),
      dataIndex: 'alarmImageDraw',
      width: 80,
      render: (_, row) => (
        <ImageThumb src={row.alarmImageDraw || row.alarmImage} alt={row.videoAlarmTypeName} />
      ),
    },
    { title: t('column.time'), dataIndex: 'alarmTime', render: (v: string) => formatTime(v) },
    { title: t('column.level'), dataIndex: 'priority', render: (v: number) => <PriorityTag priority={v} /> },
    {
      title: t('column.status'),
      key: 'status',
      render: (_, row) => (
        <Space size={0}>
          <AlarmStateTag alarm={row} />
          {row.falsePositive && row.alarmState !== 3 ? <Tag>{t('falsePositive.mark')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('column.type'), dataIndex: 'videoAlarmTypeName' },
    { title: t('column.scene'), dataIndex: 'sceneName', responsive: ['lg'] },
    { title: t('column.camera'), dataIndex: 'cameraName', responsive: ['md'] },
    {
      title: t('column.area'),
      key: 'area',
      responsive: ['lg'],
      render: (_, row) => [row.factoryName, row.areaName].filter(Boolean).join(' / ') || '—',
    },
    {
      title: mode === 'approval' ? t('column.approver') : t('column.handler'),
      key: 'handler',
      responsive: ['md'],
      render: (_, row) => (mode === 'approval' ? row.approver : row.handler) || '—',
    },
    {
      title: tc('actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, row, index) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => onOpen(index)} data-testid={`alarm-${row.id}-view`}>
            {t('view')}
          </Button>
          <AlarmActionButtons alarm={row} mode={mode} />
        </Space>
      ),
    },
  ];
  return (
    <Table<AlarmItem>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={loading}
      rowSelection={rowSelection}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={tc('noData')} /> }}
      pagination={pagination}
      onRow={(row) => ({ 'data-testid': `alarm-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
      data-testid={testId}
    />
  );
}
