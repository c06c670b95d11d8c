import type { AlarmActionItem } from '@sentinel/contract';
import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';

const COLORS: Record<AlarmActionItem['action'], string> = {
  ingest: 'blue',
  deal: 'green',
  cancel: 'gray',
  approve: 'green',
  noApprove: 'orange',
};

/** Who did what when (with the comment), oldest first. */
export function AlarmTimeline({ items }: { items: AlarmActionItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <Empty description={t('noData')} />;
  return (
    <Timeline
      data-testid="alarm-timeline"
      items={items.map((item) => ({
        key: item.id,
        color: COLORS[item.action],
        content: (
          <div>
            <Typography.Text strong>{t(`alarm.timeline.${item.action}`)}</Typography.Text>{' '}
            <Typography.Text type="secondary">
              {item.accountName || t('alarm.timeline.system')} · {formatTime(item.createdAt)}
            </Typography.Text>
            {item.comment ? <div>{item.comment}</div> : null}
          </div>
        ),
      }))}
    />
  );
}
