import type { AlarmItem } from '@sentinel/contract';
import { Button, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import {
  AlarmActionButtons,
  AlarmStateTag,
  DIALOG_LEVEL_COLORS,
  dialogLevel,
} from '@/shared/ui/alarm-detail-dialog/index.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';

export interface AlarmRowsProps {
  rows: AlarmItem[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** Opens the alarm detail dialog on `rows[index]`, stepping through `rows`. */
  onOpen: (ids: number[], index: number) => void;
  /** Alarms that arrived live (tagged "new"). */
  arrived?: Set<number>;
  empty: string;
  testId: string;
}

function AlarmRow({ alarm, isNew, onOpen }: { alarm: AlarmItem; isNew: boolean; onOpen: () => void }) {
  const { t } = useTranslation('scenes');
  const { t: tc } = useTranslation();
  const level = dialogLevel(alarm.priority);
  return (
    <Flex
      vertical
      gap={2}
      style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}
      data-testid={`scene-alarm-${alarm.id}`}
      data-state={alarm.alarmState}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Button
          type="link"
          size="small"
          style={{ padding: 0, minWidth: 0, overflow: 'hidden' }}
          onClick={onOpen}
          data-testid={`scene-alarm-${alarm.id}-open`}
        >
          <Typography.Text strong ellipsis style={{ color: 'inherit' }}>
            {alarm.videoAlarmTypeName || `#${alarm.id}`}
          </Typography.Text>
        </Button>
        <span style={{ flex: 'none' }}>
          {isNew ? (
            <Tag color="magenta" data-testid="scene-alarm-new">
              {t('monitor.new')}
            </Tag>
          ) : null}
          <Tag color={DIALOG_LEVEL_COLORS[level]}>{tc(`alarm.level.${level}`)}</Tag>
          <AlarmStateTag alarm={alarm} />
        </span>
      </Flex>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatTime(alarm.alarmTime)} · {alarm.cameraName || '—'}
        </Typography.Text>
        <AlarmActionButtons alarm={alarm} mode="normal" />
      </Flex>
    </Flex>
  );
}

/** SPEC §9: the alarm list area is 480 px high (it scrolls beyond). */
const LIST_HEIGHT = 480;

/** A list of alarms with their level, state and in-place handling; a click opens the detail dialog. */
export function AlarmRows({ rows, loading, error, onRetry, onOpen, arrived, empty, testId }: AlarmRowsProps) {
  if (!rows && loading) return <Skeleton active data-testid={`${testId}-loading`} />;
  if (!rows && error) return <PageError message={error.message} onRetry={onRetry} />;
  if (!rows || rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} data-testid={`${testId}-empty`} />;
  const ids = rows.map((r) => r.id);
  return (
    <div data-testid={testId} style={{ maxHeight: LIST_HEIGHT, overflowY: 'auto', paddingRight: 4 }}>
      {rows.map((alarm, index) => (
        <AlarmRow
          key={alarm.id}
          alarm={alarm}
          isNew={arrived?.has(alarm.id) ?? false}
          onOpen={() => onOpen(ids, index)}
        />
      ))}
    </div>
  );
}
