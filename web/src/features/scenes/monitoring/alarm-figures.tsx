import { isPriorityCode, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import { Button, Col, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { useSceneCount, useSceneLatestAlarm, useSceneStatistics } from './api/alarm-queries.ts';

const STATE_COLORS: Record<number, string> = { 1: 'red', 2: 'green', 3: 'default', 4: 'orange' };

/** A figure, or a dash when its call failed (the others still show). */
function Figure({
  title,
  value,
  failed,
  testId,
  danger,
}: {
  title: string;
  value: number | undefined;
  failed: boolean;
  testId: string;
  danger?: boolean;
}) {
  return (
    <Statistic
      title={title}
      value={failed ? '—' : (value ?? 0)}
      loading={value === undefined && !failed}
      styles={{ content: { fontSize: 22, color: danger && value ? '#cf1322' : undefined } }}
      data-testid={testId}
    />
  );
}

/**
 * The scene's alarm figures: untreated and total (sceneCount), the last 30 days by state and
 * level (statistics/{id}) and its latest alarm (findMax/{id}), which opens on a click.
 */
export function AlarmFigures({ sceneId, onOpen }: { sceneId: number; onOpen: (id: number) => void }) {
  const { t } = useTranslation('scenes');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const counts = useSceneCount(sceneId);
  const stats = useSceneStatistics(sceneId);
  const latest = useSceneLatestAlarm(sceneId);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="scene-alarm-figures">
      <Row gutter={[12, 8]}>
        <Col span={8}>
          <Figure
            title={t('monitor.untreated')}
            value={counts.data?.untreated}
            failed={counts.isError}
            testId="figure-untreated"
            danger
          />
        </Col>
        <Col span={8}>
          <Figure
            title={t('monitor.total')}
            value={counts.data?.total}
            failed={counts.isError}
            testId="figure-total"
          />
        </Col>
        <Col span={8}>
          <Figure
            title={t('monitor.last30')}
            value={stats.data?.total}
            failed={stats.isError}
            testId="figure-30d"
          />
        </Col>
      </Row>
      {stats.isPending ? (
        <Skeleton active paragraph={false} />
      ) : stats.isError ? null : (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('monitor.last30By')}
          </Typography.Text>
          <Space size={[4, 4]} wrap data-testid="figure-by-state">
            {stats.data.byState.map((s) => (
              <Tag
                key={s.alarmState}
                color={STATE_COLORS[s.alarmState]}
                data-testid={`figure-state-${s.alarmState}`}
              >
                {tc(`alarm.state.${s.alarmState}`)} {s.count}
              </Tag>
            ))}
          </Space>
          <Space size={[4, 4]} wrap data-testid="figure-by-level">
            {stats.data.byPriority.length === 0 ? (
              <Typography.Text type="secondary">{t('monitor.noLevels')}</Typography.Text>
            ) : (
              stats.data.byPriority.map((p) => (
                <Tag
                  key={p.priority}
                  color={isPriorityCode(p.priority) ? PRIORITY_COLORS[p.priority] : undefined}
                >
                  {isPriorityCode(p.priority) ? PRIORITY_LABELS[p.priority][lang] : p.priority} {p.count}
                </Tag>
              ))
            )}
          </Space>
        </>
      )}
      <div data-testid="figure-latest">
        <Typography.Text type="secondary">{t('monitor.latest')}: </Typography.Text>
        {latest.isPending ? (
          '…'
        ) : latest.isError ? (
          '—'
        ) : latest.data ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => latest.data && onOpen(latest.data.id)}
            data-testid="figure-latest-open"
          >
            {latest.data.videoAlarmTypeName} · {formatTime(latest.data.alarmTime)}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('monitor.none')}</Typography.Text>
        )}
      </div>
    </Space>
  );
}
