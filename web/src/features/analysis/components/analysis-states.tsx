import { Card, Col, Row, Skeleton } from 'antd';
import { PageError } from '@/shared/ui/page-states.tsx';

/** The layout of an analysis while its first answer is on the way: KPI cards and figure cards. */
export function AnalysisSkeleton({ kpis = 3, figures = 4 }: { kpis?: number; figures?: number }) {
  return (
    <div data-testid="analysis-loading" role="status" aria-busy="true">
      <Row gutter={[12, 12]}>
        {Array.from({ length: kpis }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Col key={i} xs={24} sm={12} lg={24 / kpis}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 1 }} />
            </Card>
          </Col>
        ))}
        {Array.from({ length: figures }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <Col key={i} xs={24} xl={12}>
            <Card size="small">
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}

/** An analysis that could not be read: the reason and a retry. */
export function AnalysisError({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return <PageError message={message} onRetry={onRetry} />;
}
