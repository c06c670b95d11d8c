import { Card, Descriptions, Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../shared/i18n/i18n.ts';
import { useRouteTitle } from '../../../shared/routing/route-meta.ts';
import { NotReadyPage } from './not-ready-page.tsx';

/** /index?userId=<id>&type=1 — alarm rules of a user (placeholder until the alarm release). */
export function AlarmRulePage() {
  const [params] = useSearchParams();
  const title = useRouteTitle();
  const { t } = useTranslation();
  const { t: tp } = useTranslation('placeholder');
  const userId = params.get('userId');
  if (!userId) {
    return (
      <Card variant="borderless" title={title}>
        <Empty data-testid="page-empty" description={t('noData')} style={{ padding: 48 }} />
      </Card>
    );
  }
  return (
    <>
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Descriptions size="small" title={tp('alarmRule.intro')} column={2}>
          <Descriptions.Item label={tp('alarmRule.userId')}>{userId}</Descriptions.Item>
          <Descriptions.Item label={tp('alarmRule.type')}>{params.get('type') ?? '1'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <NotReadyPage />
    </>
  );
}

export default AlarmRulePage;
