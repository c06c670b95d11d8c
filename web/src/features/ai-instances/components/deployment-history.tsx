import type { AiDeployment } from '@sentinel/contract';
import { Tag, Timeline, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';

const COLORS: Record<AiDeployment['action'], string> = { publish: 'blue', rollback: 'orange', seed: 'gray' };

/** Which version was live when: publish, roll-back and seed rows, newest first. */
export function DeploymentHistory({ deployments }: { deployments: AiDeployment[] }) {
  const { t } = useTranslation('aiInstances');
  if (deployments.length === 0) return <PageEmpty description={t('history.empty')} />;
  return (
    <Timeline
      data-testid="instance-history"
      items={deployments.map((d) => ({
        key: d.id,
        color: COLORS[d.action],
        content: (
          <div data-testid={`history-${d.id}`}>
            <Typography.Text strong>
              {t(`action.${d.action}`)} · {t('versionLabel', { number: d.versionNumber })}
            </Typography.Text>
            {d.previousVersionNumber !== null ? (
              <Typography.Text type="secondary">
                {' '}
                {t('history.replaced', { number: d.previousVersionNumber })}
              </Typography.Text>
            ) : null}
            {d.override ? (
              <Tag color="red" style={{ marginInlineStart: 8 }}>
                {t('history.override')}
              </Tag>
            ) : null}
            <br />
            <Typography.Text type="secondary">
              {formatTime(d.at)} · {d.actor || t('history.system')}
            </Typography.Text>
            {d.reason ? (
              <div>
                <Typography.Text italic>{t('history.reason', { reason: d.reason })}</Typography.Text>
              </div>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
