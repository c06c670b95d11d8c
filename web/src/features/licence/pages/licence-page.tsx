import { Alert, Card, Col, Descriptions, Row, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useLicence } from '../api/licence.ts';
import { useNoticeText } from '../components/licence-banner.tsx';
import { LicenceForm } from '../components/licence-form.tsx';

/** /systemSettings/licenseSettings: the installation's id, version and licensed camera channels (admin). */
export default function LicencePage() {
  const { t } = useTranslation('licence');
  const licence = useLicence();
  const warning = useNoticeText(licence.data);

  if (licence.isPending) return <PageLoading />;
  if (licence.isError)
    return <PageError message={licence.error.message} onRetry={() => void licence.refetch()} />;
  const info = licence.data;

  return (
    <Row gutter={[16, 16]} data-testid="licence-page">
      <Col xs={24} lg={12}>
        <Card title={t('title')}>
          {warning ? (
            <Alert
              type="warning"
              showIcon
              title={warning}
              style={{ marginBottom: 16 }}
              data-testid="licence-warning"
            />
          ) : null}
          {info.unlicensed ? (
            <Alert type="info" showIcon title={t('unlicensed')} style={{ marginBottom: 16 }} />
          ) : null}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('field.installationId')}>
              <Typography.Text copyable code data-testid="licence-installation-id">
                {info.installationId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.version')}>
              <span data-testid="licence-version">{info.version}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.licensee')}>{info.licensee || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.channels')}>{info.licensedChannels || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.enabledCameras')}>
              <span data-testid="licence-enabled">{info.enabledCameras}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.expiresOn')}>
              {info.expiresOn ?? t('noExpiry')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t('honest')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('update')}>
          <LicenceForm info={info} />
        </Card>
      </Col>
    </Row>
  );
}
