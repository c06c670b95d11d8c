import { VideoCameraOutlined } from '@ant-design/icons';
import type { SceneCameraTile } from '@sentinel/contract';
import { Badge, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';

function Snapshot({ url, alt }: { url: string | null; alt: string }) {
  const { t } = useTranslation('scenes');
  const box: React.CSSProperties = {
    aspectRatio: '16 / 9',
    width: '100%',
    background: '#1f2329',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: '#8a8f99',
    overflow: 'hidden',
  };
  return url ? (
    <div style={box}>
      <img src={url} alt={alt} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </div>
  ) : (
    <div style={box}>
      <Space orientation="vertical" align="center" size={4}>
        <VideoCameraOutlined style={{ fontSize: 28 }} />
        <span>{t('noSnapshot')}</span>
      </Space>
    </div>
  );
}

/** The cameras of a scene as snapshot tiles with online/offline and enabled badges. */
export function CameraGrid({ cameras }: { cameras: SceneCameraTile[] }) {
  const { t } = useTranslation('scenes');
  if (cameras.length === 0) return <Empty description={t('noCameras')} data-testid="scene-no-cameras" />;
  return (
    <Row gutter={[12, 12]} data-testid="scene-cameras">
      {cameras.map((cam) => (
        <Col key={cam.sceneCameraId} xs={24} sm={12} lg={8} xl={6}>
          <Card
            size="small"
            cover={<Snapshot url={cam.snapshotUrl} alt={cam.name} />}
            data-testid="scene-camera"
          >
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong ellipsis title={cam.name}>
                {cam.name}
              </Typography.Text>
              <Space size={4} wrap>
                <Typography.Text type="secondary">{cam.code}</Typography.Text>
                <Badge
                  status={cam.online ? 'success' : 'default'}
                  text={cam.online ? t('status.online') : t('status.offline')}
                />
                {cam.enabled ? null : <Tag>{t('cameraDisabled')}</Tag>}
              </Space>
            </Space>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
