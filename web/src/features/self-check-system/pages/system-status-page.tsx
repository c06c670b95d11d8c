import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { STATUS_REFRESH_MS, useSystemStatus } from '../api/system-status.ts';
import { InstanceCard } from '../components/instance-card.tsx';

/**
 * /selfCheck/systemStatus: one card per server instance (every instance sharing the database
 * writes its own figures), stale ones marked, refreshed every few seconds.
 */
export default function SystemStatusPage() {
  const { t } = useTranslation('selfCheckSystem');
  const query = useSystemStatus();
  let body: React.ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError && !query.data)
    body = <PageError message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (!query.data?.list.length) body = <PageEmpty description={t('status.none')} />;
  else
    body = (
      <Row gutter={[16, 16]}>
        {query.data.list.map((instance) => (
          <Col key={instance.id} xs={24} xl={12}>
            <InstanceCard instance={instance} />
          </Col>
        ))}
      </Row>
    );
  return (
    <Card variant="borderless" data-testid="system-status-page">
      <Typography.Paragraph type="secondary">
        {t('status.refreshing', { seconds: STATUS_REFRESH_MS / 1000 })}
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
