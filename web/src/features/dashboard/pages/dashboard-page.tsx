import { Col, Flex, Row } from 'antd';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { HeatStripCard } from '../components/heat-strip.tsx';
import { KpiTiles } from '../components/kpi-tiles.tsx';
import { LiveStatus } from '../components/live-status.tsx';
import { UntreatedList } from '../components/untreated-list.tsx';
import { dashboardCode } from '../lib/format.ts';
import { kpiLink } from '../lib/links.ts';
import { useLiveDashboard } from '../use-live-dashboard.ts';
import { usePermitted } from '../use-permitted.ts';
import '../components/dashboard.css';

/** /dashboard, the operator's home: today's figures, the newest untreated alarms, the 24 h heat strip. */
export default function DashboardPage() {
  const live = useLiveDashboard();
  const buttons = useButtons('dashboard');
  const permitted = usePermitted();
  const { summary, heat, newest } = live;
  const untreatedLink = kpiLink('untreated', live.today);

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
            onRetry={() => newest.refetch()}
            arrived={live.arrived}
            can={(code) => buttons.can(dashboardCode(code))}
            onHandled={live.handled}
            allLink={permitted.has(untreatedLink.code) ? untreatedLink : null}
            total={summary.data?.untreated}
            status={<LiveStatus connection={live.connection} updatedAt={summary.dataUpdatedAt} />}
          />
        </Col>
        <Col xs={24} xl={10}>
          <HeatStripCard
            strip={heat.data}
            loading={heat.isPending}
            error={heat.isError && !heat.data ? heat.error : null}
            onRetry={() => heat.refetch()}
            canDrill={permitted.has('historyAlarm')}
          />
        </Col>
      </Row>
    </Flex>
  );
}
