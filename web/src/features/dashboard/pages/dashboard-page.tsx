import { useQuery } from '@tanstack/react-query';
import { Col, Flex, Row } from 'antd';
import { useCallback, useMemo } from 'react';
import { buttonsQueryOptions } from '@/shared/permission/use-buttons.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { HeatStripCard } from '../components/heat-strip.tsx';
import { KpiTiles } from '../components/kpi-tiles.tsx';
import { UntreatedList } from '../components/untreated-list.tsx';
import { dashboardCode } from '../lib/format.ts';
import { kpiLink } from '../lib/links.ts';
import { useLiveDashboard } from '../use-live-dashboard.ts';
import { usePermitted } from '../use-permitted.ts';
import '../components/dashboard.css';

/** /dashboard, the operator's home: today's figures, the newest untreated alarms, the 24 h heat strip. */
export default function DashboardPage() {
  const live = useLiveDashboard();
  const permitted = usePermitted();
  const { summary, heat, newest } = live;
  // The home's codes (dashboard:deal, dashboard:cancel) for the handling buttons' codes.
  const codes = useQuery(buttonsQueryOptions('dashboard')).data;
  const can = useCallback((code: string) => codes?.includes(dashboardCode(code)) ?? false, [codes]);
  const untreatedLink = useMemo(() => kpiLink('untreated', live.today), [live.today]);
  const retryList = useCallback(() => void newest.refetch(), [newest.refetch]);
  const retryHeat = useCallback(() => void heat.refetch(), [heat.refetch]);

  return (
    <Flex vertical gap={12} className="dashboard" data-testid="dashboard-page">
      {summary.isError && !summary.data ? (
        <PageError message={summary.error.message} onRetry={() => summary.refetch()} />
      ) : (
        <KpiTiles summary={summary.data} today={live.today} permitted={permitted} />
      )}
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <UntreatedList
            alarms={live.alarms}
            loading={newest.isPending}
            error={newest.isError && !newest.data ? newest.error : null}
            onRetry={retryList}
            arrived={live.arrived}
            can={can}
            onHandled={live.handled}
            allLink={permitted.has(untreatedLink.code) ? untreatedLink : null}
            total={summary.data?.untreated}
            connection={live.connection}
          />
        </Col>
        <Col xs={24} xl={10}>
          <HeatStripCard
            strip={heat.data}
            loading={heat.isPending}
            error={heat.isError && !heat.data ? heat.error : null}
            onRetry={retryHeat}
            canDrill={permitted.has('historyAlarm')}
          />
        </Col>
      </Row>
    </Flex>
  );
}
