import { OFFLINE_STATE, type OfflineAnalysisItem } from '@sentinel/contract';
import { Progress, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { stateTag } from '../lib/analysis-state.ts';

/** The state as a coloured tag; a progress bar while analyzing; the error on hover when failed. */
export function StateCell({
  item,
  testId,
}: {
  item: Pick<OfflineAnalysisItem, 'state' | 'progress' | 'error'>;
  testId?: string;
}) {
  const { t } = useTranslation('offlineVideo');
  const { color, labelKey } = stateTag(item.state);
  const tag = (
    <Tag color={color} data-testid={testId ? `${testId}-state` : undefined} data-state={item.state}>
      {t(labelKey)}
    </Tag>
  );
  return (
    <Space orientation="vertical" size={2} style={{ minWidth: 120 }}>
      {item.state === OFFLINE_STATE.failed && item.error ? <Tooltip title={item.error}>{tag}</Tooltip> : tag}
      {item.state === OFFLINE_STATE.analyzing ? (
        <Progress
          percent={item.progress}
          size="small"
          status="active"
          data-testid={testId ? `${testId}-progress` : undefined}
        />
      ) : null}
    </Space>
  );
}
