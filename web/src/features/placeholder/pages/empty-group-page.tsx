import { Card, Empty } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';

/** Menu groups that have no pages yet (SPEC §2: /generalSceneManage, /jobSceneManage). */
export function EmptyGroupPage() {
  const title = useRouteTitle();
  const { t } = useTranslation();
  return (
    <Card variant="borderless" title={title} data-testid="empty-group">
      <Empty description={t('emptyGroup')} style={{ padding: 48 }} />
    </Card>
  );
}

export default EmptyGroupPage;
