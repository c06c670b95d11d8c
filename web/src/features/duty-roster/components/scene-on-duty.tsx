import { TeamOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useSceneOnDuty } from '../api/roster.ts';

/** One line for the alarm handling dialog: the operators on duty now for the alarm's scene. */
export function SceneOnDuty({ sceneId }: { sceneId: number | null | undefined }) {
  const { t } = useTranslation('dutyRoster');
  const duty = useSceneOnDuty(sceneId);
  if (!sceneId || duty.isError) return null;
  return (
    <Space size={4} wrap data-testid="scene-on-duty">
      <TeamOutlined />
      <Typography.Text type="secondary">{t('now.forScene')}</Typography.Text>
      {duty.isPending ? (
        <Typography.Text type="secondary">…</Typography.Text>
      ) : duty.data.length === 0 ? (
        <Typography.Text type="secondary">{t('now.nobody')}</Typography.Text>
      ) : (
        duty.data.map((e) => (
          <Tag key={e.accountId} color="green">
            {e.displayName || e.accountName}
          </Tag>
        ))
      )}
    </Space>
  );
}
