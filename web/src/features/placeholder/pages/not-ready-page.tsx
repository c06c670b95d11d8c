import { ClockCircleOutlined } from '@ant-design/icons';
import { Card, Result, Tag } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';

/** The one shared "not available yet" state for pages that arrive with later releases. */
export function NotReadyPage() {
  const title = useRouteTitle();
  const { t } = useTranslation();
  const { t: tp } = useTranslation('placeholder');
  return (
    <Card variant="borderless" data-testid="page-not-ready">
      <Result
        icon={<ClockCircleOutlined style={{ color: 'var(--ant-color-primary, #37f)' }} />}
        title={
          <span>
            {title} <Tag color="processing">{tp('notReadyBadge')}</Tag>
          </span>
        }
        subTitle={t('notReady.text')}
      />
    </Card>
  );
}

export default NotReadyPage;
