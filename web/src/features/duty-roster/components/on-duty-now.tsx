import { Card, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useOnDutyNow } from '../api/roster.ts';

/** Who is on duty now, grouped by scene (refreshed every minute). */
export function OnDutyNow() {
  const { t } = useTranslation('dutyRoster');
  const now = useOnDutyNow();
  const byScene = new Map<number, { name: string; people: string[] }>();
  for (const e of now.data ?? []) {
    const entry = byScene.get(e.sceneId) ?? { name: e.sceneName, people: [] };
    entry.people.push(e.displayName || e.accountName);
    byScene.set(e.sceneId, entry);
  }
  return (
    <Card title={t('now.title')} data-testid="on-duty-now">
      {now.isPending ? (
        <Skeleton active />
      ) : now.isError ? (
        <PageError message={now.error.message} onRetry={() => void now.refetch()} />
      ) : byScene.size === 0 ? (
        <Empty description={t('now.nobody')} data-testid="on-duty-now-empty" />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {[...byScene.entries()].map(([id, s]) => (
            <div key={id} data-testid={`on-duty-scene-${id}`}>
              <Typography.Text strong>{s.name}</Typography.Text>{' '}
              {s.people.map((p) => (
                <Tag key={p} color="green">
                  {p}
                </Tag>
              ))}
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}
