import { VideoCameraOutlined } from '@ant-design/icons';
import { SCENE_PAGE, type SceneItem, type SceneKind } from '@sentinel/contract';
import { Badge, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useSceneDetail } from '../api/scene-detail.ts';
import { useAllScenes } from '../api/scene-list-all.ts';
import { jobState } from '../lib/kind.ts';

const THUMBS = 4;

/** Snapshot thumbnails of the scene's enabled cameras. */
function Thumbnails({ sceneId }: { sceneId: number }) {
  const detail = useSceneDetail(sceneId);
  const shots = (detail.data?.cameras ?? []).filter((c) => c.enabled && c.snapshotUrl).slice(0, THUMBS);
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(2, 1fr)',
        gap: 2,
        aspectRatio: '16 / 9',
        background: '#1f2329',
        overflow: 'hidden',
      }}
    >
      {shots.length === 0 ? (
        <VideoCameraOutlined
          aria-hidden
          style={{
            gridColumn: 'span 2',
            gridRow: 'span 2',
            alignSelf: 'center',
            fontSize: 32,
            color: '#8a8f99',
          }}
        />
      ) : null}
      {shots.map((cam) => (
        <img
          key={cam.sceneCameraId}
          src={cam.snapshotUrl ?? ''}
          alt={cam.name}
          loading="lazy"
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            gridColumn: shots.length === 1 ? 'span 2' : undefined,
            gridRow: shots.length === 1 ? 'span 2' : undefined,
          }}
        />
      ))}
    </div>
  );
}

function SceneCard({ scene }: { scene: SceneItem }) {
  const { t } = useTranslation('scenes');
  const job = scene.temporaryJob;
  return (
    <Link to={SCENE_PAGE[scene.kind].path(scene.id)} aria-label={scene.name} data-testid="scene-card">
      <Card hoverable size="small" cover={<Thumbnails sceneId={scene.id} />}>
        <Space orientation="vertical" size={2} style={{ width: '100%' }}>
          <Typography.Text strong ellipsis title={scene.name}>
            {scene.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            {scene.areaPath.join(' / ')}
          </Typography.Text>
          <Space size={4} wrap>
            {scene.jobTypeName ? <Tag color="blue">{scene.jobTypeName}</Tag> : null}
            <Badge status="processing" text={t('cameraCount', { count: scene.cameraCount })} />
          </Space>
          {job ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {job.number} · {formatTime(job.startTime)} ~ {formatTime(job.endTime)}{' '}
              <Tag>{t(`jobState.${jobState(job)}`)}</Tag>
            </Typography.Text>
          ) : null}
        </Space>
      </Card>
    </Link>
  );
}

/** A scene menu group page: the enabled scenes of one kind, each leading to its scene page. */
export function SceneCards({ kind }: { kind: SceneKind }) {
  const { t } = useTranslation('scenes');
  const title = useRouteTitle();
  const query = useAllScenes(kind, true);
  let body: React.ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError) body = <PageError message={query.error.message} onRetry={() => query.refetch()} />;
  else if (query.data.length === 0)
    body = <Empty description={t('noScenes')} style={{ padding: 48 }} data-testid="page-empty" />;
  else
    body = (
      <Row gutter={[16, 16]}>
        {query.data.map((scene) => (
          <Col key={scene.id} xs={24} sm={12} lg={8} xxl={6}>
            <SceneCard scene={scene} />
          </Col>
        ))}
      </Row>
    );
  return (
    <Card variant="borderless" title={title} data-testid={`scene-cards-${kind}`}>
      {body}
    </Card>
  );
}
