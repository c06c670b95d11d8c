import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { PlantNode } from '@sentinel/contract';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { usePlantNode } from '../api/plant-tree.ts';

export const KIND_COLORS = { factory: 'blue', plant: 'geekblue', area: 'green' } as const;

export interface NodeActions {
  canAdd: boolean;
  canEdit: boolean;
  canMove: boolean;
  canDelete: boolean;
  onAddChild: (node: PlantNode) => void;
  onEdit: (node: PlantNode) => void;
  onMove: (node: PlantNode) => void;
  onDelete: (node: PlantNode) => void;
}

/** The selected node: its location, what depends on it, and the actions on it. */
export function NodeDetail({ id, actions }: { id: number | undefined; actions: NodeActions }) {
  const { t } = useTranslation('plant');
  const { data, isPending, isError, error, refetch } = usePlantNode(id);

  let content: React.ReactNode;
  if (id === undefined) content = <PageEmpty description={t('detail.select')} />;
  else if (isPending) content = <PageLoading />;
  else if (isError) content = <PageError message={error.message} onRetry={() => void refetch()} />;
  else {
    content = (
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Space wrap>
          {actions.canAdd ? (
            <Button
              icon={<PlusOutlined />}
              onClick={() => actions.onAddChild(data)}
              data-testid="node-add-child"
            >
              {t('action.addChild')}
            </Button>
          ) : null}
          {actions.canEdit ? (
            <Button icon={<EditOutlined />} onClick={() => actions.onEdit(data)} data-testid="node-edit">
              {t('action.rename')}
            </Button>
          ) : null}
          {actions.canMove && data.kind !== 'factory' ? (
            <Button icon={<DragOutlined />} onClick={() => actions.onMove(data)} data-testid="node-move">
              {t('action.move')}
            </Button>
          ) : null}
          {actions.canDelete ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() => actions.onDelete(data)}
              data-testid="node-delete"
            >
              {t('action.delete')}
            </Button>
          ) : null}
        </Space>
        <Descriptions column={{ xs: 1, md: 2 }} bordered size="small" data-testid="node-detail">
          <Descriptions.Item label={t('detail.name')}>{data.name}</Descriptions.Item>
          <Descriptions.Item label={t('detail.kind')}>
            <Tag color={KIND_COLORS[data.kind]}>{t(`kind.${data.kind}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.path')} span={2}>
            {data.path}
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.code')}>{data.code || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.updatedAt')}>{formatTime(data.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.children')}>{data.childCount}</Descriptions.Item>
          <Descriptions.Item label={t('detail.cameras')}>{data.cameraCount}</Descriptions.Item>
          <Descriptions.Item label={t('detail.scenes')}>{data.sceneCount}</Descriptions.Item>
          <Descriptions.Item label={t('detail.description')} span={2}>
            {data.description || '—'}
          </Descriptions.Item>
        </Descriptions>
      </Space>
    );
  }
  return (
    <Card title={t('detail.title')} size="small">
      {content}
    </Card>
  );
}
