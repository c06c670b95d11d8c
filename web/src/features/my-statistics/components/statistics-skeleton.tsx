import { Card, Col, Row, Skeleton } from 'antd';

/** The page's layout while its first answer is on the way: six figures and two charts. */
export function StatisticsSkeleton() {
  return (
    <div data-testid="statistics-loading" role="status" aria-busy="true">
      <Row gutter={[12, 12]}>
        {['deal', 'cancel', 'approve', 'noApprove', 'median', 'p90'].map((key) => (
          <Col key={key} xs={24} sm={12} lg={8} xl={4}>
            <Card size="small">
              <Skeleton active title={false} paragraph={{ rows: 2 }} />
            </Card>
          </Col>
        ))}
        <Col xs={24} xl={15}>
          <Card size="small">
            <Skeleton active paragraph={{ rows: 7 }} />
          </Card>
        </Col>
        <Col xs={24} xl={9}>
          <Card size="small">
            <Skeleton active paragraph={{ rows: 7 }} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
