import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Flex, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useLiveStatistics, useMyStatistics } from '../api/my-statistics.ts';
import { KpiCards } from '../components/kpi-cards.tsx';
import { LevelChart } from '../components/level-chart.tsx';
import { PeriodBar } from '../components/period-bar.tsx';
import { StatisticsSkeleton } from '../components/statistics-skeleton.tsx';
import { TrendChart } from '../components/trend-chart.tsx';
import { filtersFromUrl, filtersToUrl, type StatisticsFilters, statisticsQueryOf } from '../lib/period.ts';

const SHOWN = 'YYYY-MM-DD HH:mm';

/**
 * My desk › Alarm statistics: what an account processed, marked false positive, approved and
 * revoked in a period, its handling times, by hour / day and by level. Admins pick the account.
 * The period and account live in the URL; a handling anywhere refreshes the figures.
 */
export default function MyStatisticsPage() {
  const { t } = useTranslation('myStatistics');
  const title = useRouteTitle();
  const selfId = useUserStore((s) => s.id);
  const isAdmin = useUserStore((s) => s.roles.includes('admin'));
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the params' content
  const filters = useMemo(() => {
    const read = filtersFromUrl(params);
    // Another account's figures are for admins only (the server refuses them too).
    if (!isAdmin) delete read.accountId;
    return read;
  }, [key, isAdmin]);
  const setFilters = (next: StatisticsFilters) => setParams(filtersToUrl(next), { replace: true });
  const query = useMemo(() => statisticsQueryOf(filters, selfId), [filters, selfId]);
  const result = useMyStatistics(query);
  useLiveStatistics();

  const data = result.data;
  const range = query ? { startTime: query.startTime, endTime: query.endTime } : null;
  let body: React.ReactNode;
  if (!query || !range) body = <Empty data-testid="statistics-no-range" description={t('chooseRange')} />;
  else if (result.isError && !data)
    body = <PageError message={result.error?.message} onRetry={() => void result.refetch()} />;
  else if (!data) body = <StatisticsSkeleton />;
  else {
    const nothing = data.deal + data.cancel + data.approve + data.noApprove === 0;
    body = (
      <div data-testid="statistics-figures" aria-busy={result.isFetching}>
        <KpiCards data={data} range={range} />
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={15}>
            <Card
              size="small"
              title={t('trend.title')}
              data-testid="statistics-trend"
              style={{ height: '100%' }}
            >
              {nothing ? (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={t('empty')}
                  data-testid="statistics-empty"
                />
              ) : (
                <TrendChart data={data} range={range} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card
              size="small"
              title={t('level.title')}
              data-testid="statistics-level"
              style={{ height: '100%' }}
            >
              {data.byLevel.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyHandling')} />
              ) : (
                <LevelChart data={data} range={range} />
              )}
            </Card>
          </Col>
        </Row>
      </div>
    );
  }

  return (
    <Card variant="borderless" title={title} data-testid="my-statistics-page">
      <PeriodBar value={filters} onChange={setFilters} isAdmin={isAdmin} selfId={selfId} />
      {query ? (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" data-testid="statistics-subject">
            {t('subject', {
              name: data?.accountName ?? '…',
              start: dayjs(query.startTime).format(SHOWN),
              end: dayjs(query.endTime).format(SHOWN),
            })}
          </Typography.Text>
          <Button
            size="small"
            icon={<ReloadOutlined spin={result.isFetching} />}
            onClick={() => void result.refetch()}
            data-testid="statistics-refresh"
          >
            {t('refresh')}
          </Button>
        </Flex>
      ) : null}
      {result.isError && data ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          {t('staleError', { message: result.error?.message ?? '' })}
        </Typography.Text>
      ) : null}
      {body}
    </Card>
  );
}
