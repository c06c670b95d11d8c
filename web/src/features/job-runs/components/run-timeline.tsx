import {
  isPriorityCode,
  JOB_RUN_TIMELINE_MAX,
  type JobRunTimelineEntry,
  PRIORITY_COLORS,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Button, Flex, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { AlarmDetailDialog, AlarmStateTag } from '@/shared/ui/alarm-detail-dialog/index.ts';
import { ImageThumb } from '@/shared/ui/image-viewer/index.ts';
import { PageEmpty } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';

function LevelTag({ level }: { level: number }) {
  const lang = useLang();
  if (!isPriorityCode(level)) return <Tag>{level}</Tag>;
  return <Tag color={PRIORITY_COLORS[level]}>{PRIORITY_LABELS[level][lang]}</Tag>;
}

/**
 * A run's events and alarms, oldest first. Thumbnails open the full-size viewer; an alarm's
 * details open the shared alarm dialog, stepping through the run's alarms.
 */
export function RunTimeline({
  entries,
  eventCount,
  alarmCount,
}: {
  entries: JobRunTimelineEntry[];
  eventCount: number;
  alarmCount: number;
}) {
  const { t } = useTranslation('jobRuns');
  const [open, setOpen] = useState<number | null>(null);
  const alarmIds = entries.filter((e) => e.kind === 'alarm').map((e) => e.id);
  if (entries.length === 0) return <PageEmpty description={t('timeline.empty')} />;
  const truncated = eventCount > JOB_RUN_TIMELINE_MAX || alarmCount > JOB_RUN_TIMELINE_MAX;

  return (
    <>
      {truncated ? (
        <Typography.Paragraph type="secondary">
          {t('timeline.truncated', { max: JOB_RUN_TIMELINE_MAX })}
        </Typography.Paragraph>
      ) : null}
      <Timeline
        data-testid="run-timeline"
        items={entries.map((entry) => ({
          key: `${entry.kind}-${entry.id}`,
          color: entry.kind === 'alarm' ? 'red' : 'blue',
          content: (
            <Flex
              gap={12}
              align="flex-start"
              wrap
              data-testid={`timeline-${entry.kind}-${entry.id}`}
              data-kind={entry.kind}
            >
              <ImageThumb src={entry.imageDraw || entry.image} alt={entry.name} />
              <Space orientation="vertical" size={2}>
                <Space size={4} wrap>
                  <Typography.Text type="secondary">{formatTime(entry.time)}</Typography.Text>
                  <Tag color={entry.kind === 'alarm' ? 'volcano' : 'blue'}>{t(`timeline.${entry.kind}`)}</Tag>
                  <Typography.Text strong>{entry.name}</Typography.Text>
                  {entry.level !== null ? <LevelTag level={entry.level} /> : null}
                  {entry.state !== null ? (
                    <AlarmStateTag alarm={{ alarmState: entry.state, approveTime: null }} />
                  ) : null}
                </Space>
                {entry.cameraName ? (
                  <Typography.Text type="secondary">
                    {t('timeline.camera')}: {entry.cameraName}
                  </Typography.Text>
                ) : null}
                {entry.result ? <Typography.Text>{entry.result}</Typography.Text> : null}
                {entry.kind === 'alarm' ? (
                  <Button
                    type="link"
                    size="small"
                    style={{ padding: 0 }}
                    onClick={() => setOpen(alarmIds.indexOf(entry.id))}
                    data-testid={`timeline-alarm-${entry.id}-view`}
                  >
                    {t('timeline.viewAlarm')}
                  </Button>
                ) : null}
              </Space>
            </Flex>
          ),
        }))}
      />
      {open !== null && open >= 0 ? (
        <AlarmDetailDialog ids={alarmIds} index={open} mode="normal" onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
