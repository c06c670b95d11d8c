import { type HeatStrip, PRIORITY_COLORS, PRIORITY_LABELS } from '@sentinel/contract';
import { Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { lazy, memo, Suspense } from 'react';
import { Link } from 'react-router';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { Panel } from '@/shared/ui/panel.tsx';
import { levelTotals } from '../lib/heat-option.ts';
import { heatLevelLink } from '../lib/links.ts';

const HeatChart = lazy(() => import('./heat-chart.tsx'));

/** The strip's alarms per level, each opening History alarms of the 24 hours at that level. */
function LevelTotals({ strip, canDrill }: { strip: HeatStrip; canDrill: boolean }) {
  const { t } = useTranslation('dashboard');
  const lang = useLang();
  return (
    <Flex wrap gap={8} align="center" className="dash-heat-levels" data-testid="dashboard-heat-levels">
      <Typography.Text type="secondary">{t('heat.levelsTitle')}</Typography.Text>
      {levelTotals(strip).map(({ priority, count }) => {
        const tag = (
          <Tag
            key={priority}
            color={PRIORITY_COLORS[priority]}
            data-testid={`heat-level-${priority}`}
            data-value={count}
          >
            {t('heat.levelTotal', { level: PRIORITY_LABELS[priority][lang], count })}
          </Tag>
        );
        const link = canDrill ? heatLevelLink(strip.hours, priority) : null;
        return link ? (
          <Link key={priority} to={link.to}>
            {tag}
          </Link>
        ) : (
          tag
        );
      })}
    </Flex>
  );
}

/** Alarms per level and hour over the last 24 hours; a cell opens its alarms in History alarms. */
export const HeatStripCard = memo(function HeatStripCard({
  strip,
  loading,
  error,
  onRetry,
  canDrill,
}: {
  strip: HeatStrip | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  /** The user may open History alarms. */
  canDrill: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const total = strip?.cells.reduce((sum, c) => sum + c.count, 0) ?? 0;
  const skeleton = <Skeleton active paragraph={{ rows: 4 }} data-testid="dashboard-heat-loading" />;

  let body: React.ReactNode;
  if (loading) body = skeleton;
  else if (error || !strip) body = <PageError message={error?.message} onRetry={onRetry} />;
  else if (total === 0)
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('heat.empty')}
        data-testid="dashboard-heat-empty"
      />
    );
  else
    body = (
      <Flex vertical gap={8}>
        <Suspense fallback={skeleton}>
          <HeatChart strip={strip} canDrill={canDrill} />
        </Suspense>
        {canDrill ? (
          <Typography.Text type="secondary" className="dash-heat-hint">
            {t('heat.hint')}
          </Typography.Text>
        ) : null}
        <LevelTotals strip={strip} canDrill={canDrill} />
      </Flex>
    );

  return (
    <Panel
      title={t('heat.title')}
      className="dash-card"
      data-testid="dashboard-heat"
      extra={
        strip ? (
          <Typography.Text type="secondary" data-testid="dashboard-heat-total" data-value={total}>
            {t('heat.total', { count: total })}
          </Typography.Text>
        ) : null
      }
    >
      {body}
    </Panel>
  );
});
