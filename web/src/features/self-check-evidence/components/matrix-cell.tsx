import type { MatrixCell } from '@sentinel/contract';
import { Button, Descriptions, Flex, Popover } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { formatDuration } from '../lib/format.ts';
import { alarmImgUrl, cameraErrorLogUrl, runLogUrl } from '../lib/links.ts';

export const CELL_COLOURS: Record<MatrixCell['colour'], string> = {
  red: '#ff4d4f',
  amber: '#faad14',
  green: '#52c41a',
  grey: '#bfbfbf',
};

/** One binding's square (its 24 h alarm count) with a popover: the figures and the drill-down links. */
export function MatrixCellButton({
  cell,
  window,
}: {
  cell: MatrixCell;
  window: { start: string; end: string };
}) {
  const { t } = useTranslation('selfCheckEvidence');
  const content = (
    <div style={{ maxWidth: 360 }} data-testid={`matrix-popover-${cell.bindingId}`}>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('column.state')}>
          {cell.reasons.length ? cell.reasons.map((r) => t(`reason.${r}`)).join(', ') : t('reason.sound')}
        </Descriptions.Item>
        <Descriptions.Item label={t('column.camera24')}>
          {cell.cameraOnline === null
            ? t('online.unknown')
            : cell.cameraOnline
              ? t('online.yes')
              : t('online.no')}
        </Descriptions.Item>
        <Descriptions.Item label={t('column.availability')}>
          {cell.availability === null ? '—' : `${cell.availability} %`}
        </Descriptions.Item>
        <Descriptions.Item label={t('column.alarms')}>
          <span data-testid={`matrix-popover-count-${cell.bindingId}`}>{cell.alarmsInRange}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('column.lastAlarm')}>
          {cell.lastAlarmAt ? formatTime(cell.lastAlarmAt) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('column.silence')}>
          {formatDuration(cell.silenceSeconds)} / {formatDuration(cell.thresholdSeconds)}
        </Descriptions.Item>
        <Descriptions.Item label={t('column.images')}>
          {t('images', { problems: cell.imageProblems, checks: cell.imageChecks })}
        </Descriptions.Item>
      </Descriptions>
      <Flex gap={12} wrap style={{ marginTop: 8 }}>
        <Link to={runLogUrl(cell)} data-testid={`matrix-link-run-log-${cell.bindingId}`}>
          {t('link.runLog')}
        </Link>
        <Link to={cameraErrorLogUrl(cell.cameraId)} data-testid={`matrix-link-errors-${cell.bindingId}`}>
          {t('link.cameraErrors')}
        </Link>
        <Link
          to={alarmImgUrl(cell.cameraId, window.start, window.end)}
          data-testid={`matrix-link-images-${cell.bindingId}`}
        >
          {t('link.images')}
        </Link>
      </Flex>
    </div>
  );
  return (
    <Popover
      content={content}
      title={`${cell.sceneName} · ${cell.cameraName} · ${cell.algorithmName}`}
      trigger="click"
    >
      <Button
        size="small"
        aria-label={`${cell.algorithmName}: ${t(`colour.${cell.colour}`)}`}
        data-testid={`matrix-cell-${cell.bindingId}`}
        data-colour={cell.colour}
        style={{
          background: CELL_COLOURS[cell.colour],
          color: '#fff',
          minWidth: 48,
          borderColor: 'transparent',
        }}
      >
        {cell.alarmsInRange}
      </Button>
    </Popover>
  );
}
